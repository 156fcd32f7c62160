'use client'

import { type FormEvent, useState } from 'react'
import styled from 'styled-components'

import { StyledComponentsRegistry } from '@/components/site/StyledComponentsRegistry'
import { NotificationProvider, useNotify } from '@/components/site/notifications/Notifications'
import { ApiError } from '@/lib/api-client'
import { adminLoginSchema } from '@/schemas/admin'

import { apiFetch } from './api'
import { Button, ErrorText, Input, Label } from './ui'

/** How long the welcome notice shows before the dashboard opens. */
export const WELCOME_DELAY_MS = 1200

export function LoginForm() {
  return (
    <StyledComponentsRegistry>
      <NotificationProvider>
        <SignIn />
      </NotificationProvider>
    </StyledComponentsRegistry>
  )
}

function SignIn() {
  const notify = useNotify()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [isPending, setPending] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = adminLoginSchema.safeParse({
      username: form.get('username'),
      password: form.get('password'),
    })
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])),
      )
      return
    }
    setErrors({})
    setPending(true)
    try {
      const answer = await apiFetch<{ message: string }>('/api/admin/login', { body: parsed.data })
      notify({ title: 'Login Successful', description: answer.message })
      // A full load, so Payload's admin renders with the new session.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      setTimeout(() => window.location.assign('/admin'), WELCOME_DELAY_MS)
    } catch (error) {
      setPending(false)
      if (error instanceof ApiError)
        notify({
          title: 'Login Failed',
          description: error.serverMessage ?? 'Invalid credentials',
          variant: 'destructive',
        })
      else
        notify({
          title: 'Login Error',
          description: 'Failed to connect to server',
          variant: 'destructive',
        })
    }
  }

  return (
    <Card>
      <Close href="/about" aria-label="Close">
        ×
      </Close>
      <h1>Admin sign in</h1>
      <form onSubmit={submit} noValidate>
        <Label>
          Username
          <Input
            name="username"
            autoComplete="username"
            required
            aria-invalid={!!errors.username}
          />
          {errors.username && <ErrorText>{errors.username}</ErrorText>}
        </Label>
        <Label>
          Password
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={!!errors.password}
          />
          {errors.password && <ErrorText>{errors.password}</ErrorText>}
        </Label>
        <Button type="submit" $variant="primary" disabled={isPending}>
          {isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </Card>
  )
}

const Card = styled.div`
  position: relative;
  display: grid;
  gap: 16px;
  width: min(420px, 100%);
  margin: 0 auto;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  form {
    display: grid;
    gap: 14px;
  }
`

const Close = styled.a`
  position: absolute;
  top: -4px;
  right: 0;
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: var(--theme-elevation-100);
  color: var(--theme-text);
  font-size: 1.4rem;
  text-decoration: none;
`
