/** Accounts the browser tests sign in with (created by prepare-database.ts). */
export const E2E_USERS = {
  full: { username: 'e2e-admin', password: 'e2e-admin-password-long', accessLevel: 'full' },
  demo: { username: 'e2e-demo', password: 'e2e-demo-password-long', accessLevel: 'demo' },
  editor: { username: 'e2e-editor', password: 'e2e-editor-password-long', accessLevel: 'editor' },
} as const
