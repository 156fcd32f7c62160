import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The browser tests build into their own directory, so `npm start` never serves their build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  compiler: { styledComponents: true },
  // Types are checked by `npm run typecheck` (part of `npm test`), over tests and scripts too;
  // a new user's `npm start` does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Keep the embedded database driver out of the bundles: it is only used by scripts.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-socket'],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
