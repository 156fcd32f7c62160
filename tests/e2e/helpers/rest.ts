import { expect } from 'vitest'

import { proofFor } from './second-factor'
import { E2E_USERS } from './users'

type Account = { username: string; password: string }

/**
 * Signs the account (the editor unless another is given) in over REST at `base`, the address of a
 * site or of one instance (with its second factor when it needs one), and gives its token, its user id and `api`: a call of `/api<path>` with
 * that token that expects a 2xx answer and returns its JSON body.
 */
export const restAs = async (base: string, { username, password }: Account = E2E_USERS.editor) => {
  const post = (body: unknown) =>
    fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  let login = await post({ username, password })
  // An account with a second factor (every full admin): the second step, as a person would.
  if (login.status === 401) {
    const { secondFactor } = (await login.clone().json()) as { secondFactor?: never }
    if (secondFactor)
      login = await post({
        username,
        password,
        secondFactor: await proofFor(username, secondFactor),
      })
  }
  expect(login.status, `sign-in of ${username} at ${base}: ${await login.clone().text()}`).toBe(200)
  const { token, user } = (await login.json()) as { token: string; user: { id: number } }
  const api = async <T = { doc: { id: number } }>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.status, `${method} ${path} at ${base}`).toBeLessThan(300)
    return (await response.json()) as T
  }
  return { token, user, api }
}
