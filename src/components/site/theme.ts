/**
 * The site's palette, for the colours components compute (a character's accent when the editor set
 * none). The CSS Modules and `site.css` (decision 0071) write these values out.
 */
export const colors = {
  night: '#07061a',
  deep: '#100d2e',
  panel: 'rgba(255, 255, 255, 0.06)',
  panelStrong: 'rgba(255, 255, 255, 0.1)',
  border: 'rgba(255, 255, 255, 0.14)',
  text: '#f3f1ff',
  muted: '#b9b4dc',
  violet: '#8b6cff',
  pink: '#ec6fcf',
  gold: '#f5c66b',
  teal: '#5ee6d0',
  danger: '#ff6b81',
  success: '#5ee6a0',
  ink: '#120a2e',
} as const
