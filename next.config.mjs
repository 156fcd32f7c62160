import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  compiler: { styledComponents: true },
  // Keep the embedded database driver out of the bundles: it is only used by scripts.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-socket'],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
