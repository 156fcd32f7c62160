'use client'

import { useState } from 'react'
import styled from 'styled-components'

import { StyledComponentsRegistry } from '@/components/site/StyledComponentsRegistry'
import { NotificationProvider } from '@/components/site/notifications/Notifications'

import { logout } from './logout'
import { type AccessLevel, AccessProvider } from './parts'
import { AnalyticsTab } from './tabs/AnalyticsTab'
import { ComposerTab } from './tabs/ComposerTab'
import { ContactsTab } from './tabs/ContactsTab'
import { EmailManagerTab } from './tabs/EmailManagerTab'
import { NewsletterTab } from './tabs/NewsletterTab'
import { OverviewTab } from './tabs/OverviewTab'
import { ParentInsightsTab } from './tabs/ParentInsightsTab'
import { WaitlistTab } from './tabs/WaitlistTab'
import { Button, Pill } from './ui'

const TABS = {
  Overview: OverviewTab,
  'Waitlist Management': WaitlistTab,
  'Contact Messages': ContactsTab,
  'Parent Insights': ParentInsightsTab,
  'AI Email Composer': ComposerTab,
  'AI Analytics': AnalyticsTab,
  Newsletter: NewsletterTab,
  'Email Manager': EmailManagerTab,
} as const
type TabName = keyof typeof TABS

/** The dashboard: header (Home, Logout, 'Demo Mode' badge) and the tabs of the spec. */
export function Dashboard({
  accessLevel,
  username,
}: {
  accessLevel: AccessLevel
  username: string
}) {
  const [tab, setTab] = useState<TabName>('Overview')
  const Current = TABS[tab]
  return (
    <StyledComponentsRegistry>
      <NotificationProvider>
        <AccessProvider value={accessLevel}>
          <Wrapper>
            <Header>
              <h1>Starfinity Dashboard</h1>
              {accessLevel === 'demo' && <Pill $tone="warning">Demo Mode</Pill>}
              <span>{username}</span>
              <Button as="a" href="/">
                Home
              </Button>
              <Button type="button" onClick={logout}>
                Logout
              </Button>
            </Header>
            <Tabs role="tablist" aria-label="Dashboard sections">
              {(Object.keys(TABS) as TabName[]).map((name) => (
                <Tab
                  key={name}
                  type="button"
                  role="tab"
                  aria-selected={tab === name}
                  onClick={() => setTab(name)}
                >
                  {name}
                </Tab>
              ))}
            </Tabs>
            <div role="tabpanel" aria-label={tab}>
              <Current />
            </div>
          </Wrapper>
        </AccessProvider>
      </NotificationProvider>
    </StyledComponentsRegistry>
  )
}

const Wrapper = styled.div`
  display: grid;
  gap: 16px;
  padding: 16px var(--gutter-h, 16px) 48px;
  min-width: 0;
`

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  h1 {
    flex: 1 1 auto;
    margin: 0;
    font-size: 1.6rem;
  }
  span {
    color: var(--theme-elevation-600);
  }
`

const Tabs = styled.div`
  display: flex;
  gap: 4px;
  overflow-x: auto;
  border-bottom: 1px solid var(--theme-elevation-150);
`

const Tab = styled.button`
  flex: none;
  padding: 10px 14px;
  border: 0;
  border-bottom: 3px solid transparent;
  background: none;
  color: var(--theme-elevation-700);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[aria-selected='true'] {
    border-bottom-color: var(--theme-elevation-800);
    color: var(--theme-text);
  }
`
