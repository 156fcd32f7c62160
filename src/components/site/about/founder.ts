/** The founder, as the about and contact pages name her (the name itself lives in lib). */
export { FOUNDER_NAME } from '@/lib/constants'
