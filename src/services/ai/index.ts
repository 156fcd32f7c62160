import type { Payload } from 'payload'

import { aiSettings } from './config'
import { modelAssistant } from './model-assistant'
import { offlineAssistant } from './offline-assistant'
import type { Assistant } from './types'

export type { Assistant, AssistantAnswer, ComposeType } from './types'
export { OFFLINE_NOTE } from './types'

/** The configured model, or the offline assistant when none is configured. */
export const assistantFor = (payload: Payload): Assistant =>
  aiSettings().isConfigured ? modelAssistant(payload) : offlineAssistant
