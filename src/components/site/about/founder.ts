/** The founder, as the about and contact pages name her. */
export const FOUNDER_NAME = 'Elena Starling'
