'use client'

import { useSearchParams } from 'next/navigation'
import styled from 'styled-components'

import { AccessProvider } from './access'
import { Logo } from './brand/Logo'
import { setViewQuery } from './list/useAdminList'
import { logout } from './logout'
import { AnalyticsTab } from './tabs/AnalyticsTab'
import { ComposerTab } from './tabs/composer/ComposerTab'
import { ContactsTab } from './tabs/ContactsTab'
import { EmailManagerTab } from './tabs/EmailManagerTab'
import { NewsletterTab } from './tabs/NewsletterTab'
import { OverviewTab } from './tabs/OverviewTab'
import { ParentInsightsTab } from './tabs/ParentInsightsTab'
import { PeopleTab } from './tabs/PeopleTab'
import { SpeedTab } from './tabs/SpeedTab'
import { SystemTab } from './tabs/SystemTab'
import { WaitlistTab } from './tabs/WaitlistTab'
import type { AccessLevel } from './types'
import { Button, Pill } from './ui'
import { StyledComponentsRegistry } from './StyledComponentsRegistry'

/**
 * The tabs of the spec, each with the name it has in the address (`/admin?tab=contacts`), Speed
 * (real visitors' Web Vitals, decision 0222), People (one person's records, export and erasure)
 * for full admins, and System (the site's instances, queue, sending and errors; decision 0226) for
 * every admin.
 */
const TABS = [
  { name: 'Overview', slug: 'overview', Panel: OverviewTab },
  { name: 'Speed', slug: 'speed', Panel: SpeedTab },
  { name: 'Waitlist Management', slug: 'waitlist', Panel: WaitlistTab },
  { name: 'Contact Messages', slug: 'contacts', Panel: ContactsTab },
  { name: 'Parent Insights', slug: 'parent-insights', Panel: ParentInsightsTab },
  { name: 'AI Email Composer', slug: 'composer', Panel: ComposerTab },
  { name: 'AI Analytics', slug: 'analytics', Panel: AnalyticsTab },
  { name: 'Newsletter', slug: 'newsletter', Panel: NewsletterTab },
  { name: 'Email Manager', slug: 'emails', Panel: EmailManagerTab },
  { name: 'People', slug: 'people', Panel: PeopleTab, fullOnly: true },
  { name: 'System', slug: 'system', Panel: SystemTab },
] as const

/** The dashboard: header (Home, Logout, 'Demo Mode' badge) and the tabs of the spec. */
export function Dashboard({
  accessLevel,
  username,
}: {
  accessLevel: AccessLevel
  username: string
}) {
  const slug = useSearchParams().get('tab')
  const tabs = TABS.filter((tab) => !('fullOnly' in tab) || accessLevel === 'full')
  const current = tabs.find((tab) => tab.slug === slug) ?? tabs[0]
  return (
    <StyledComponentsRegistry>
      <AccessProvider value={accessLevel}>
        <Wrapper>
          <Header>
            <Logo />
            <h1>Starfinity Dashboard</h1>
            {accessLevel === 'demo' && <Pill tone="warning">Demo Mode</Pill>}
            <User>{username}</User>
            <Button href="/">Home</Button>
            <Button onClick={logout}>Logout</Button>
          </Header>
          <Tabs role="tablist" aria-label="Dashboard sections">
            {tabs.map((tab) => (
              // A link, so a click before the page's script has run still opens the tab (the
              // server renders it), and a tab opens in a new window with the usual keys.
              <Tab
                key={tab.slug}
                href={`?tab=${tab.slug}`}
                role="tab"
                aria-selected={tab === current}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
                  event.preventDefault()
                  // A tab opens with its list at the start: page, search and filters are not kept.
                  setViewQuery({ tab: tab.slug }, 'push', false)
                }}
              >
                {tab.name}
              </Tab>
            ))}
          </Tabs>
          <div role="tabpanel" aria-label={current.name}>
            <current.Panel key={current.slug} />
          </div>
        </Wrapper>
      </AccessProvider>
    </StyledComponentsRegistry>
  )
}

// The page's main landmark: everything of the dashboard below Payload's own header. Its foot is
// the notices' height (a title, two lines of words and the corner's offset): scrolled to the end,
// or shorter than the window, the last row's controls sit above a notice, never under it.
const Wrapper = styled.main`
  display: grid;
  gap: 16px;
  padding: 16px var(--gutter-h, 16px) 176px;
  min-width: 0;
`

// A plain block: Payload's own header is the page's one banner landmark.
const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px 14px;
  h1 {
    flex: 1 1 auto;
    margin: 0;
    font-size: 1.5rem;
  }
`

const User = styled.span`
  color: var(--theme-elevation-600);
`

// On a narrow screen the tabs wrap onto more lines instead of scrolling sideways out of sight.
const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 1px solid var(--theme-elevation-150);
  @media (max-width: 640px) {
    gap: 0 2px;
  }
`

const Tab = styled.a`
  flex: none;
  padding: 10px 14px;
  border-bottom: 3px solid transparent;
  color: var(--theme-elevation-700);
  font-weight: 600;
  text-decoration: none;
  &[aria-selected='true'] {
    border-bottom-color: var(--brand-accent);
    color: var(--theme-text);
  }
  @media (max-width: 640px) {
    padding: 8px 10px;
  }
`
