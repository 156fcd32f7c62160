/**
 * Sign-in with a second factor, `npm run bench:signin` (docs/benchmarks.md): SIGNIN_SAMPLES full
 * admins with an authenticator app (set up through the sign-in, decision 0210) and as many
 * editors with a password only sign in over `/api/admin/login`, one after another, interleaved. A
 * full admin's sign-in is the browser's two steps (the password, answered by the second step's
 * challenge; then the password and the app's code); its p50 is set against the password-only p50
 * of the same run. Each attempt comes from an address of its own (the per-address limit is
 * the throttle's business, not this measurement's).
 */
import { type TOTP, URI } from 'otpauth'

import { fixed, printTargets, table } from './format'
import { checkInterrupted } from './interrupt'
import { adminToken, type Bench } from './run'

const SAMPLES = Number(process.env.SIGNIN_SAMPLES) || 50
/** Two password checks and a code against one: the second step may cost at most this much more. */
const TARGET_RATIO = 2.5
const PASSWORD = 'bench-sign-in-long-passphrase'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

let address = 0
const nextAddress = () => {
  address++
  return `10.77.${(address >> 8) & 255}.${address & 255}`
}

const post = async (baseUrl: string, body: unknown) => {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      secondFactor?: { secondFactor: string; totp?: { ticket: string; uri: string } }
    },
  }
}

const STEP_MS = 30_000

/** A code of the app that this account has not used yet: the step after the one it last used. */
const unusedCode = (totp: TOTP, lastStep: number) => {
  const now = Math.floor(Date.now() / STEP_MS)
  return totp.generate({ timestamp: Math.max(now, lastStep + 1) * STEP_MS })
}

export const benchSignIn = async (bench: Bench) => {
  console.log(
    `\nSign-in: ${SAMPLES} full admins with an authenticator app, ${SAMPLES} password only`,
  )
  const token = await adminToken(bench)
  const create = async (username: string, accessLevel: string) => {
    const response = await fetch(`${bench.baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ username, password: PASSWORD, accessLevel }),
    })
    if (!response.ok) throw new Error(`creating ${username}: ${response.status}`)
  }
  const tag = bench.runId.slice(-6)
  const admins: { username: string; totp: TOTP; lastStep: number }[] = []
  const editors: string[] = []
  for (let n = 0; n < SAMPLES; n++) {
    checkInterrupted()
    const admin = `signin-admin-${tag}-${n}`
    const editor = `signin-editor-${tag}-${n}`
    await create(admin, 'full')
    await create(editor, 'editor')
    editors.push(editor)
    // The admin's first sign-in sets up its app.
    const first = await post(bench.baseUrl, { username: admin, password: PASSWORD })
    const enrolment = first.body.secondFactor?.totp as { ticket: string; uri: string } | undefined
    if (!enrolment) throw new Error(`${admin}: no enrolment (${first.status})`)
    const totp = URI.parse(enrolment.uri) as TOTP
    const lastStep = Math.floor(Date.now() / STEP_MS)
    const enrolled = await post(bench.baseUrl, {
      username: admin,
      password: PASSWORD,
      secondFactor: { enrol: { ticket: enrolment.ticket, code: totp.generate() } },
    })
    if (enrolled.status !== 200) throw new Error(`${admin}: enrolment ${enrolled.status}`)
    admins.push({ username: admin, totp, lastStep })
  }
  bench.checkSite()

  const passwordOnly: number[] = []
  const twoSteps: number[] = []
  const secondStep: number[] = []
  for (let n = 0; n < SAMPLES; n++) {
    checkInterrupted()
    let started = performance.now()
    const plain = await post(bench.baseUrl, { username: editors[n], password: PASSWORD })
    if (plain.status !== 200) throw new Error(`${editors[n]}: ${plain.status}`)
    passwordOnly.push(performance.now() - started)

    const admin = admins[n]!
    started = performance.now()
    const challenge = await post(bench.baseUrl, { username: admin.username, password: PASSWORD })
    if (challenge.body.secondFactor?.secondFactor !== 'required')
      throw new Error(`${admin.username}: no challenge (${challenge.status})`)
    const stepStarted = performance.now()
    const signedIn = await post(bench.baseUrl, {
      username: admin.username,
      password: PASSWORD,
      secondFactor: { code: unusedCode(admin.totp, admin.lastStep) },
    })
    if (signedIn.status !== 200) throw new Error(`${admin.username}: ${signedIn.status}`)
    const done = performance.now()
    twoSteps.push(done - started)
    secondStep.push(done - stepStarted)
  }
  bench.checkSite()

  const plainP50 = percentile(passwordOnly, 50)
  const totpP50 = percentile(twoSteps, 50)
  const ratio = totpP50 / plainP50
  console.log(
    table([
      ['Sign-in', 'Samples', 'p50 (ms)', 'p95 (ms)'],
      [
        'password only',
        String(SAMPLES),
        fixed(plainP50, 1),
        fixed(percentile(passwordOnly, 95), 1),
      ],
      [
        'password, then app code',
        String(SAMPLES),
        fixed(totpP50, 1),
        fixed(percentile(twoSteps, 95), 1),
      ],
      [
        '  of which the code step',
        String(SAMPLES),
        fixed(percentile(secondStep, 50), 1),
        fixed(percentile(secondStep, 95), 1),
      ],
    ]),
  )
  printTargets('Targets:', [
    {
      name: `sign-in with an app code p50 within ${TARGET_RATIO}× of password only`,
      actual: `${fixed(ratio, 2)}×`,
      pass: ratio <= TARGET_RATIO,
    },
  ])
  bench.saveLatest({
    signIn: {
      samples: SAMPLES,
      passwordOnlyP50Ms: plainP50,
      totpTwoStepsP50Ms: totpP50,
      totpCodeStepP50Ms: percentile(secondStep, 50),
      ratio,
    },
  })
}
