import { DefaultDashboard, type DashboardViewServerProps } from '@payloadcms/next/views'
import { redirect } from 'next/navigation'

import type { User } from '@/payload-types'

import { Dashboard } from './Dashboard'

/**
 * Replaces Payload's dashboard. Admins (full and demo) get the dashboard tabs; editors, who see no
 * personal data, keep Payload's list of the collections they may edit.
 */
export function DashboardView(props: DashboardViewServerProps) {
  const user = props.initPageResult.req.user as (User & { collection: string }) | null
  if (!user) redirect('/admin/login')
  if (user.accessLevel === 'editor') return <DefaultDashboard {...props} />
  return <Dashboard accessLevel={user.accessLevel} username={user.username} />
}
