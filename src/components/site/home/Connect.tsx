import {
  ButtonRow,
  Card,
  Centered,
  Container,
  Eyebrow,
  ExternalButton,
  Heading,
  Lead,
  Section,
  Subheading,
} from '../ui'
import { ConnectSignup } from './ConnectSignup'

/** The link hub button and the 'Subscribe with Heart' form (spec §2, §8): server HTML but the form. */
export function Connect({ linkHubUrl }: { linkHubUrl: string }) {
  return (
    <Section id="connect" aria-labelledby="connect-heading" $tone="panel">
      <Container $narrow>
        <Centered>
          <Eyebrow>Connect</Eyebrow>
          <Heading id="connect-heading">Stay Connected</Heading>
          <Lead>
            Follow the journey wherever you like to gather, or let weekly insights on consciousness
            and creativity come to you.
          </Lead>
          <ButtonRow $center>
            <ExternalButton href={linkHubUrl} $variant="secondary">
              Find Us Everywhere
            </ExternalButton>
          </ButtonRow>
        </Centered>
        <Card style={{ marginTop: 32 }}>
          <Subheading>Subscribe with Heart</Subheading>
          <ConnectSignup />
        </Card>
      </Container>
    </Section>
  )
}
