'use client'

import { startRegistration } from '@simplewebauthn/browser'
import { useState } from 'react'
import styled from 'styled-components'

import { ApiError, apiFetch } from '@/lib/api-client'

import { useAdmin } from '../api'
import { notifyError, notifySuccess } from '../notify'
import { StyledComponentsRegistry } from '../StyledComponentsRegistry'
import { Button, ErrorText, Input, Label, Muted, Row } from '../ui'
import { RecoveryCodes } from './RecoveryCodes'
import { type TotpEnrolment, TotpSetup } from './TotpSetup'

type Status = {
  required: boolean
  totp: boolean
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[]
  recoveryCodesLeft: number
  recoveryCodes?: string[]
}

const API = '/api/admin/second-factor'

/** The account page's second factors (decision 0210): an authenticator app, passkeys, recovery codes. */
export function SecondFactorSettings() {
  return (
    <StyledComponentsRegistry>
      <Settings />
    </StyledComponentsRegistry>
  )
}

function Settings() {
  const { data: status, mutate } = useAdmin<Status>(API)
  const [enrolment, setEnrolment] = useState<TotpEnrolment>()
  const [codeError, setCodeError] = useState<string>()
  const [codes, setCodes] = useState<string[]>()
  const [passkeyName, setPasskeyName] = useState('')
  const [pending, setPending] = useState(false)

  /** Runs a change; the answer is the new status, with recovery codes when new ones were made. */
  const change = async (run: () => Promise<Status>, done: string) => {
    setPending(true)
    try {
      const next = await run()
      if (next.recoveryCodes) setCodes(next.recoveryCodes)
      await mutate(next, { revalidate: false })
      notifySuccess(done)
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && enrolment)
        setCodeError(error.serverMessage)
      else notifyError('Not changed', error, 'The change could not be saved.')
      return false
    } finally {
      setPending(false)
    }
  }

  const startTotp = async () => {
    setCodeError(undefined)
    setEnrolment(await apiFetch<TotpEnrolment>(`${API}/totp/setup`, { method: 'POST', body: {} }))
  }
  const confirmTotp = async (code: string) => {
    if (!enrolment) return
    const ok = await change(
      () => apiFetch<Status>(`${API}/totp`, { body: { ticket: enrolment.ticket, code } }),
      'Authenticator app set up',
    )
    if (ok) setEnrolment(undefined)
  }
  const addPasskey = async () => {
    setPending(true)
    let ticket: string
    let response: Record<string, unknown>
    try {
      const setup = await apiFetch<{
        ticket: string
        options: Parameters<typeof startRegistration>[0]['optionsJSON']
      }>(`${API}/passkeys/setup`, { method: 'POST', body: {} })
      ticket = setup.ticket
      response = { ...(await startRegistration({ optionsJSON: setup.options })) }
    } catch (error) {
      setPending(false)
      notifyError('No passkey added', error, 'The passkey was not created.')
      return
    }
    const ok = await change(
      () =>
        apiFetch<Status>(`${API}/passkeys`, {
          body: { ticket, response, name: passkeyName.trim() || 'Passkey' },
        }),
      'Passkey added',
    )
    if (ok) setPasskeyName('')
  }

  if (!status) return null
  const enrolled = status.totp || status.passkeys.length > 0
  return (
    <Section aria-labelledby="second-factor-title">
      <h3 id="second-factor-title">Second factor</h3>
      <Muted>
        {enrolled
          ? 'Signing in asks for your authenticator app, a passkey or a recovery code after your password.'
          : status.required
            ? 'Your account needs a second factor.'
            : 'Add an authenticator app or a passkey to protect your account.'}
      </Muted>
      {codes && (
        <>
          <RecoveryCodes codes={codes} />
          <Row>
            <Button type="button" onClick={() => setCodes(undefined)}>
              I have saved my recovery codes
            </Button>
          </Row>
        </>
      )}

      <Part>
        <strong>Authenticator app</strong>
        {enrolment ? (
          <>
            <TotpSetup
              enrolment={enrolment}
              error={codeError}
              pending={pending}
              onConfirm={(code) => void confirmTotp(code)}
            />
            <Row>
              <Button type="button" onClick={() => setEnrolment(undefined)}>
                Cancel
              </Button>
            </Row>
          </>
        ) : (
          <Row $wrap>
            <Muted>{status.totp ? 'Set up.' : 'Not set up.'}</Muted>
            <Button type="button" onClick={() => void startTotp()} disabled={pending}>
              {status.totp ? 'Replace app' : 'Set up app'}
            </Button>
            {status.totp && (
              <Button
                type="button"
                variant="danger"
                disabled={pending}
                onClick={() =>
                  void change(
                    () => apiFetch<Status>(`${API}/totp`, { method: 'DELETE' }),
                    'Authenticator app removed',
                  )
                }
              >
                Remove app
              </Button>
            )}
          </Row>
        )}
      </Part>

      <Part>
        <strong>Passkeys</strong>
        {status.passkeys.length === 0 && <Muted>No passkey yet.</Muted>}
        <ul>
          {status.passkeys.map((key) => (
            <li key={key.id}>
              <span>
                {key.name}{' '}
                <Muted as="span">
                  added {new Date(key.createdAt).toLocaleDateString()}
                  {key.lastUsedAt
                    ? `, last used ${new Date(key.lastUsedAt).toLocaleDateString()}`
                    : ''}
                </Muted>
              </span>
              <Button
                type="button"
                variant="danger"
                disabled={pending}
                onClick={() =>
                  void change(
                    () =>
                      apiFetch<Status>(`${API}/passkeys/${encodeURIComponent(key.id)}`, {
                        method: 'DELETE',
                      }),
                    'Passkey removed',
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Row $wrap>
          <Label>
            Name of a new passkey
            <Input
              name="passkey-name"
              maxLength={60}
              placeholder="e.g. Work laptop"
              value={passkeyName}
              onChange={(event) => setPasskeyName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault()
              }}
            />
          </Label>
          <Button type="button" onClick={() => void addPasskey()} disabled={pending}>
            Add a passkey
          </Button>
        </Row>
      </Part>

      <Part>
        <strong>Recovery codes</strong>
        <Row $wrap>
          <Muted>{status.recoveryCodesLeft} left.</Muted>
          <Button
            type="button"
            disabled={pending || !enrolled}
            onClick={() =>
              void change(
                () => apiFetch<Status>(`${API}/recovery-codes`, { method: 'POST', body: {} }),
                'New recovery codes made',
              )
            }
          >
            New recovery codes
          </Button>
        </Row>
        {!enrolled && <ErrorText as="p">Set up an app or a passkey first.</ErrorText>}
      </Part>
    </Section>
  )
}

const Section = styled.section`
  display: grid;
  gap: 16px;
  margin: 24px 0;
  padding: 16px;
  border: 1px solid var(--theme-elevation-150);
  border-radius: 8px;
  h3 {
    margin: 0;
  }
`

const Part = styled.div`
  display: grid;
  gap: 8px;
  ul {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
  }
`
