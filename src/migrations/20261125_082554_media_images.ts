import { randomBytes } from 'node:crypto'

import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { ABOUT_GALLERY, importArtwork, publicFile } from '../seed/artwork'

type Args = Pick<MigrateUpArgs, 'db' | 'payload' | 'req'>

/** The artwork paths typed as text, and the upload fields on Media that replace them. */
const ARTWORK = [
  { table: 'characters', path: 'image', upload: 'artwork_id' },
  { table: 'books', path: 'cover_image', upload: 'cover_id' },
  { table: 'songs', path: 'album_art', upload: 'album_cover_id' },
]

const rowsOf = async <T>({ db }: Args, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[]

/**
 * Every artwork path of the documents and their versions becomes a Media document (one per file)
 * set in the upload field, where that field is still empty. A path that names no image under
 * /public is logged and dropped with its column.
 */
const moveArtworkIntoMedia = async (args: Args) => {
  for (const { table, path, upload } of ARTWORK) {
    const [docs, versions, docsPath, versionsPath, docsUpload, versionsUpload] = [
      sql.identifier(table),
      sql.identifier(`_${table}_v`),
      sql.identifier(path),
      sql.identifier(`version_${path}`),
      sql.identifier(upload),
      sql.identifier(`version_${upload}`),
    ]
    const paths = await rowsOf<{ path: string }>(
      args,
      sql`select ${docsPath} as path from ${docs} where ${docsPath} <> ''
        union select ${versionsPath} from ${versions} where ${versionsPath} <> ''`,
    )
    for (const { path: sitePath } of paths) {
      if (!publicFile(sitePath)) {
        args.payload.logger.warn({ msg: 'artwork path is no image under /public', table, sitePath })
        continue
      }
      const id = await importArtwork(args.payload, sitePath, { req: args.req })
      await args.db.execute(
        sql`update ${docs} set ${docsUpload} = ${id} where ${docsPath} = ${sitePath} and ${docsUpload} is null`,
      )
      await args.db.execute(
        sql`update ${versions} set ${versionsUpload} = ${id} where ${versionsPath} = ${sitePath} and ${versionsUpload} is null`,
      )
    }
  }
}

/**
 * The founder's gallery, until now part of the page, becomes the site settings' gallery: on a site
 * whose settings exist, the settings and each of their versions get the three pictures.
 */
const moveGalleryIntoSettings = async (args: Args) => {
  const settings = await rowsOf<{ id: number }>(args, sql`select id from site_settings`)
  const versions = await rowsOf<{ id: number }>(args, sql`select id from _site_settings_v`)
  if (settings.length === 0 && versions.length === 0) return
  const pictures = []
  for (const { file, caption } of ABOUT_GALLERY)
    pictures.push({ caption, id: await importArtwork(args.payload, file, { req: args.req }) })
  for (const [order, { caption, id }] of pictures.entries()) {
    for (const { id: parent } of settings)
      await args.db.execute(sql`insert into site_settings_about_gallery
        (_order, _parent_id, id, image_id, caption)
        values (${order + 1}, ${parent}, ${randomBytes(12).toString('hex')}, ${id}, ${caption})`)
    for (const { id: parent } of versions)
      await args.db.execute(sql`insert into _site_settings_v_version_about_gallery
        (_order, _parent_id, image_id, caption, _uuid)
        values (${order + 1}, ${parent}, ${id}, ${caption}, ${randomBytes(12).toString('hex')})`)
  }
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "site_settings_about_gallery" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"image_id" integer,
  	"caption" varchar
  );
  
  CREATE TABLE "_site_settings_v_version_about_gallery" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"image_id" integer,
  	"caption" varchar,
  	"_uuid" varchar
  );
  
  ALTER TABLE "site_settings" ADD COLUMN "share_image_id" integer;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_share_image_id" integer;
  ALTER TABLE "site_settings_about_gallery" ADD CONSTRAINT "site_settings_about_gallery_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "site_settings_about_gallery" ADD CONSTRAINT "site_settings_about_gallery_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_about_gallery" ADD CONSTRAINT "_site_settings_v_version_about_gallery_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_about_gallery" ADD CONSTRAINT "_site_settings_v_version_about_gallery_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_about_gallery_order_idx" ON "site_settings_about_gallery" USING btree ("_order");
  CREATE INDEX "site_settings_about_gallery_parent_id_idx" ON "site_settings_about_gallery" USING btree ("_parent_id");
  CREATE INDEX "site_settings_about_gallery_image_idx" ON "site_settings_about_gallery" USING btree ("image_id");
  CREATE INDEX "_site_settings_v_version_about_gallery_order_idx" ON "_site_settings_v_version_about_gallery" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_about_gallery_parent_id_idx" ON "_site_settings_v_version_about_gallery" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_about_gallery_image_idx" ON "_site_settings_v_version_about_gallery" USING btree ("image_id");
  ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_share_image_id_media_id_fk" FOREIGN KEY ("share_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_site_settings_v" ADD CONSTRAINT "_site_settings_v_version_share_image_id_media_id_fk" FOREIGN KEY ("version_share_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "site_settings_share_image_idx" ON "site_settings" USING btree ("share_image_id");
  CREATE INDEX "_site_settings_v_version_version_share_image_idx" ON "_site_settings_v" USING btree ("version_share_image_id");`)
  await moveArtworkIntoMedia({ db, payload, req })
  await moveGalleryIntoSettings({ db, payload, req })
  await db.execute(sql`
  ALTER TABLE "characters" DROP COLUMN "image";
  ALTER TABLE "_characters_v" DROP COLUMN "version_image";
  ALTER TABLE "books" DROP COLUMN "cover_image";
  ALTER TABLE "_books_v" DROP COLUMN "version_cover_image";
  ALTER TABLE "songs" DROP COLUMN "album_art";
  ALTER TABLE "_songs_v" DROP COLUMN "version_album_art";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings_about_gallery" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v_version_about_gallery" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "site_settings_about_gallery" CASCADE;
  DROP TABLE "_site_settings_v_version_about_gallery" CASCADE;
  ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_share_image_id_media_id_fk";
  
  ALTER TABLE "_site_settings_v" DROP CONSTRAINT "_site_settings_v_version_share_image_id_media_id_fk";
  
  DROP INDEX "site_settings_share_image_idx";
  DROP INDEX "_site_settings_v_version_version_share_image_idx";
  ALTER TABLE "characters" ADD COLUMN "image" varchar;
  ALTER TABLE "_characters_v" ADD COLUMN "version_image" varchar;
  ALTER TABLE "books" ADD COLUMN "cover_image" varchar;
  ALTER TABLE "_books_v" ADD COLUMN "version_cover_image" varchar;
  ALTER TABLE "songs" ADD COLUMN "album_art" varchar;
  ALTER TABLE "_songs_v" ADD COLUMN "version_album_art" varchar;
  ALTER TABLE "site_settings" DROP COLUMN "share_image_id";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_share_image_id";`)
}
