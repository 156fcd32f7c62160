'use client'

import styled from 'styled-components'

import { Button, Input, Label, Pre, Row, Textarea } from '../../ui'
import { type Composer, isHtmlContent } from './useComposer'

/** Subject and content, edited by hand or generated; HTML previews in a frame where no script runs. */
export function PreviewPanel({ composer }: { composer: Composer }) {
  const { draft, set, generateSubject } = composer
  return (
    <>
      <Row style={{ alignItems: 'end' }}>
        <Label style={{ flex: 1 }}>
          Subject
          <Input value={draft.subject} onChange={(event) => set('subject', event.target.value)} />
        </Label>
        <Button mutates disabled={draft.isBusy} onClick={generateSubject}>
          Generate Subject
        </Button>
      </Row>
      <Label>
        Content
        <Textarea
          rows={10}
          value={draft.content}
          onChange={(event) => set('content', event.target.value)}
        />
      </Label>
      <strong>Preview</strong>
      {isHtmlContent(draft.content) ? (
        <PreviewFrame title="Email preview" sandbox="" srcDoc={draft.content} />
      ) : (
        <Pre>{draft.content || 'Nothing to preview yet.'}</Pre>
      )}
    </>
  )
}

const PreviewFrame = styled.iframe`
  width: 100%;
  height: 360px;
  border: 1px solid var(--theme-elevation-150);
  background: #fff;
`
