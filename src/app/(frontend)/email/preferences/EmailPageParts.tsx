'use client'

import styled from 'styled-components'

import { colors } from '@/components/site/theme'

/** The small pieces of the email pages (confirm, preferences) that plain HTML forms need. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  text-align: left;
`

export const CheckRow = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 12px 14px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    accent-color: ${colors.gold};
  }
  span {
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  small {
    color: ${colors.muted};
  }
`

export const Notice = styled.p<{ $tone?: 'ok' | 'error' }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: 12px;
  border: 1px solid ${({ $tone }) => ($tone === 'error' ? colors.danger : colors.border)};
  background: rgba(255, 255, 255, 0.04);
`

export const FieldLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-weight: 600;
`
