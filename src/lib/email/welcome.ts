/**
 * The default welcome email for a waitlist entry (spec §9), pre-filled in the dashboard's send
 * dialog. Safe to import in the browser.
 */
export const waitlistWelcomeEmail = (name?: string | null) => {
  const greeting = name?.trim() || 'Friend'
  return {
    subject: 'Welcome to the Starfinity Universe!',
    message: [
      `Dear ${greeting},`,
      '',
      'Thank you for joining the Starfinity waitlist. You are now part of a growing community of',
      'parents, readers, dreamers and creators who believe the future is human.',
      '',
      "We'll write to you as soon as early access opens, with first looks at our books, music and",
      'the companion app, and with small moments of wonder to share along the way.',
      '',
      'Until then, stay curious and keep listening with your heart.',
    ].join('\n'),
  }
}
