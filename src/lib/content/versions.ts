/**
 * Drafts for the content collections and the site settings (decision 0080): autosave every two
 * seconds while an editor types, at most 50 versions a document, publish and unpublish at a chosen
 * time through the jobs queue. Public pages read published documents only.
 */
export const contentVersions = {
  drafts: { autosave: { interval: 2000 }, schedulePublish: true },
  maxPerDoc: 50,
} as const
