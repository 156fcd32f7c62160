'use client'

import { useEffect, useState } from 'react'
import styled from 'styled-components'

import { IMPORT_CONSENT_TEXT, IMPORT_MAX_ROWS } from '@/schemas/newsletter-import'

import { apiFetch, errorText } from './api'
import { Modal } from '@/components/Modal'
import { notifySuccess } from './notify'
import { Button, ErrorText, Input, Label, Muted, Row, Stat, StatGrid } from './ui'

type Preview = {
  importId: number
  valid: number
  duplicate: number
  invalid: number
  invalidRows: { row: number; field: string; message: string }[]
}

type Progress = {
  status: 'previewed' | 'queued' | 'running' | 'done' | 'failed'
  total: number
  processed: number
  inserted: number
  skipped: number
}

const POLL_MS = 1000
const numberOf = (value: number) => value.toLocaleString('en')

/**
 * "Import" on the Newsletter tab (docs/decisions/0123): a CSV file → the preview's counts and
 * invalid rows → the required consent confirmation (and "already confirmed elsewhere") → the
 * import job, followed with a progress bar until it is done.
 */
export function ImportSubscribers({ onImported }: { onImported: () => void }) {
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <Button mutates onClick={() => setOpen(true)}>
        Import
      </Button>
      <Modal isOpen={isOpen} onClose={() => setOpen(false)} look="admin" label="Import subscribers">
        {isOpen && <ImportSteps onImported={onImported} />}
      </Modal>
    </>
  )
}

function ImportSteps({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [consent, setConsent] = useState(false)
  const [alreadyConfirmed, setAlreadyConfirmed] = useState(false)
  const [progress, setProgress] = useState<Progress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const check = async () => {
    if (!file) return
    setBusy(true)
    setError(null)
    try {
      setPreview(await apiFetch<Preview>('/api/admin/newsletter/import/preview', { body: file }))
    } catch (failure) {
      setError(errorText(failure, 'The file could not be read'))
    } finally {
      setBusy(false)
    }
  }

  const start = async () => {
    if (!preview) return
    setBusy(true)
    setError(null)
    try {
      setProgress(
        await apiFetch<Progress>(`/api/admin/newsletter/import/${preview.importId}/start`, {
          body: { consentConfirmed: consent, alreadyConfirmed },
        }),
      )
    } catch (failure) {
      setError(errorText(failure, 'The import could not be started'))
    } finally {
      setBusy(false)
    }
  }

  // Following the job: polled until it is done (or failed).
  const importId = preview?.importId
  const finished = progress?.status === 'done' || progress?.status === 'failed'
  useEffect(() => {
    if (!progress || finished || importId === undefined) return
    const timer = setTimeout(() => {
      apiFetch<Progress>(`/api/admin/newsletter/import/${importId}`)
        .then((next) => {
          setProgress(next)
          if (next.status === 'failed')
            setError('The import stopped; the rows counted as added were imported.')
          if (next.status === 'done') {
            notifySuccess('Import finished', `${numberOf(next.inserted)} subscribers added`)
            onImported()
          }
        })
        .catch((failure: unknown) => setError(errorText(failure)))
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [progress, finished, importId, onImported])

  if (progress) {
    const percent = progress.total ? Math.round((progress.processed / progress.total) * 100) : 100
    return (
      <>
        <Label as="div" id="import-progress-label">
          {progress.status === 'failed'
            ? 'Import failed'
            : progress.status === 'done'
              ? 'Import finished'
              : 'Importing…'}{' '}
          {percent} %
        </Label>
        <Bar
          role="progressbar"
          aria-labelledby="import-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </Bar>
        <Muted>
          {numberOf(progress.processed)} of {numberOf(progress.total)} rows ·{' '}
          {numberOf(progress.inserted)} added · {numberOf(progress.skipped)} skipped (subscribed
          meanwhile)
        </Muted>
        {error && <ErrorText>{error}</ErrorText>}
      </>
    )
  }

  if (!preview)
    return (
      <>
        <Muted>
          A CSV file with a header row and the columns <strong>email</strong>,{' '}
          <strong>first name</strong> and <strong>interests</strong> (separated by semicolons), up
          to {numberOf(IMPORT_MAX_ROWS)} rows.
        </Muted>
        <Label>
          CSV file
          <Input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              setError(null)
            }}
          />
        </Label>
        {error && <ErrorText>{error}</ErrorText>}
        <Row>
          <Button variant="primary" mutates disabled={!file || busy} onClick={check}>
            {busy ? 'Checking…' : 'Check file'}
          </Button>
        </Row>
      </>
    )

  const toImport = preview.valid - preview.duplicate
  return (
    <>
      <StatGrid>
        <Stat label="Valid rows" value={numberOf(preview.valid)} />
        <Stat label="Duplicates" value={numberOf(preview.duplicate)} />
        <Stat label="Invalid rows" value={numberOf(preview.invalid)} />
        <Stat label="To import" value={numberOf(toImport)} />
      </StatGrid>
      <Muted>
        Duplicates are already subscribed or repeat an earlier row of the file; they and the invalid
        rows are left out.
      </Muted>
      {preview.invalidRows.length > 0 && (
        <Table>
          <caption>
            Invalid rows
            {preview.invalid > preview.invalidRows.length
              ? ` (first ${preview.invalidRows.length} of ${numberOf(preview.invalid)})`
              : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Field</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {preview.invalidRows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.field}</td>
                <td>{row.message}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Check>
        <input
          type="checkbox"
          checked={consent}
          required
          onChange={(event) => setConsent(event.target.checked)}
        />
        <span>
          {IMPORT_CONSENT_TEXT}{' '}
          <Muted as="span">(required; recorded with your name and the time)</Muted>
        </span>
      </Check>
      <Check>
        <input
          type="checkbox"
          checked={alreadyConfirmed}
          onChange={(event) => setAlreadyConfirmed(event.target.checked)}
        />
        <span>
          They already confirmed their subscription elsewhere (send no confirmation email)
        </span>
      </Check>
      {error && <ErrorText>{error}</ErrorText>}
      <Row>
        <Button
          variant="primary"
          mutates
          disabled={!consent || busy || toImport === 0}
          onClick={start}
        >
          {busy ? 'Starting…' : `Import ${numberOf(toImport)} subscribers`}
        </Button>
      </Row>
    </>
  )
}

const Bar = styled.div`
  height: 12px;
  border-radius: 6px;
  background: var(--theme-elevation-100);
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: var(--theme-success-500);
    transition: width 0.3s ease;
  }
`

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 6px;
  }
  th,
  td {
    text-align: left;
    padding: 4px 8px;
    border-bottom: 1px solid var(--theme-elevation-100);
  }
`

const Check = styled.label`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  input {
    margin-top: 3px;
  }
`
