'use client'

import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
  useSyncExternalStore,
} from 'react'
import styled, { css } from 'styled-components'

import { colors } from '../theme'
import { Button } from '../ui'

/** Label, control and the field's error text, tied together for assistive technology. */
type FieldProps = { label: ReactNode; error?: string; hint?: ReactNode; hideLabel?: boolean }

const control = css`
  width: 100%;
  min-height: 46px;
  padding: 11px 14px;
  border-radius: 12px;
  border: 1px solid ${colors.border};
  background: rgba(7, 6, 26, 0.6);
  color: ${colors.text};
  &::placeholder {
    color: #8a84b3;
  }
  &[aria-invalid='true'] {
    border-color: ${colors.danger};
  }
`

export const Input = styled.input`
  ${control}
`
export const Textarea = styled.textarea`
  ${control}
  min-height: 140px;
  resize: vertical;
`
export const Select = styled.select`
  ${control}
  option {
    color: ${colors.ink};
  }
`

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  text-align: left;
`
const Label = styled.label`
  font-weight: 600;
  font-size: 0.92rem;
`
const ErrorText = styled.p`
  margin: 0;
  color: ${colors.danger};
  font-size: 0.86rem;
`
const Hint = styled.p`
  margin: 0;
  color: ${colors.muted};
  font-size: 0.84rem;
`

type ControlRender = (props: {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
}) => ReactNode

export function Field({
  label,
  error,
  hint,
  hideLabel,
  children,
}: FieldProps & { children: ControlRender }) {
  const id = useId()
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ')
  return (
    <Wrapper>
      <Label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined })}
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrapper>
  )
}

/** A text-like input with its label and error (the common case). */
export function TextField({
  label,
  error,
  hint,
  hideLabel,
  ref,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field label={label} error={error} hint={hint} hideLabel={hideLabel}>
      {(aria) => <Input ref={ref} {...input} {...aria} />}
    </Field>
  )
}

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`

export const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: flex-start;
  & > :first-child,
  & > div + div {
    flex: 1 1 220px;
  }
`

export const CheckboxGroup = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  legend {
    font-weight: 600;
    font-size: 0.92rem;
    margin-bottom: 8px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 12px;
    border-radius: 999px;
    border: 1px solid ${colors.border};
    background: ${colors.panel};
    cursor: pointer;
    font-size: 0.9rem;
  }
  label:has(input:checked) {
    border-color: ${colors.gold};
    background: rgba(245, 198, 107, 0.15);
  }
`

const noSubscription = () => () => undefined

/**
 * A form's submit button: pressable once the page has hydrated (a press before would submit the
 * form natively, a GET that puts the fields, the address included, in the page's URL) and not while
 * the form is being sent.
 */
export function SubmitButton({ isSending, children }: { isSending: boolean; children: ReactNode }) {
  const isHydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  return (
    <Button type="submit" disabled={isSending || !isHydrated}>
      {children}
    </Button>
  )
}
