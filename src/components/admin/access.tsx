'use client'

import { createContext, useContext } from 'react'

import type { AccessLevel } from './types'

const AccessContext = createContext<AccessLevel>('demo')
export const AccessProvider = AccessContext.Provider

/** Whether the signed-in admin only looks (demo mode): mutating controls are greyed. */
export const useIsDemo = () => useContext(AccessContext) === 'demo'

export const DEMO_HINT = 'Read-only in demo mode'
