import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_characters_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__characters_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_articles_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__articles_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_faq_items_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__faq_items_v_version_group" AS ENUM('About', 'The Four Ventures', 'Community & Participation', 'Values & Philosophy', 'Getting Started');
  CREATE TYPE "public"."enum__faq_items_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_books_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__books_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_songs_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__songs_v_version_lyrics_section" AS ENUM('verse', 'chorus', 'bridge', 'outro');
  CREATE TYPE "public"."enum__songs_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_redirects_to_type" AS ENUM('reference', 'custom');
  CREATE TYPE "public"."enum_redirects_type" AS ENUM('301', '308');
  CREATE TYPE "public"."enum_site_settings_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__site_settings_v_version_status" AS ENUM('draft', 'published');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'schedulePublish';
  CREATE TABLE "_characters_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version__order" varchar,
  	"version_name" varchar,
  	"version_slug" varchar,
  	"version_species" varchar,
  	"version_location" varchar,
  	"version_description" varchar,
  	"version_wisdom" varchar,
  	"version_icon" varchar,
  	"version_color" varchar,
  	"version_gradient" varchar,
  	"version_image" varchar,
  	"version_artwork_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version_deleted_at" timestamp(3) with time zone,
  	"version__status" "enum__characters_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "articles" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"slug" varchar,
  	"excerpt" varchar,
  	"cover_image_id" integer,
  	"content" jsonb,
  	"author" varchar,
  	"published_at" timestamp(3) with time zone,
  	"read_time" varchar DEFAULT '5 min',
  	"featured" boolean DEFAULT false,
  	"meta_title" varchar,
  	"meta_description" varchar,
  	"meta_image_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"deleted_at" timestamp(3) with time zone,
  	"_status" "enum_articles_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "articles_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "articles_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"articles_id" integer
  );
  
  CREATE TABLE "_articles_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_excerpt" varchar,
  	"version_cover_image_id" integer,
  	"version_content" jsonb,
  	"version_author" varchar,
  	"version_published_at" timestamp(3) with time zone,
  	"version_read_time" varchar DEFAULT '5 min',
  	"version_featured" boolean DEFAULT false,
  	"version_meta_title" varchar,
  	"version_meta_description" varchar,
  	"version_meta_image_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version_deleted_at" timestamp(3) with time zone,
  	"version__status" "enum__articles_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "_articles_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "_articles_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"articles_id" integer
  );
  
  CREATE TABLE "_faq_items_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version__order" varchar,
  	"version_group" "enum__faq_items_v_version_group",
  	"version_question" varchar,
  	"version_answer" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version_deleted_at" timestamp(3) with time zone,
  	"version__status" "enum__faq_items_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "_books_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_subtitle" varchar,
  	"version_series_name" varchar,
  	"version_series_number" numeric,
  	"version_series_total" numeric,
  	"version_age_range" varchar,
  	"version_description" varchar,
  	"version_story" varchar,
  	"version_formats" varchar DEFAULT 'Available in hardcover, paperback, and digital formats',
  	"version_cover_image" varchar,
  	"version_cover_id" integer,
  	"version_store_url" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__books_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "_books_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "_songs_v_version_lyrics" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"section" "enum__songs_v_version_lyrics_section",
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_songs_v_version_streaming_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"service" varchar,
  	"url" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_songs_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_artist" varchar,
  	"version_description" varchar,
  	"version_video_url" varchar,
  	"version_album_art" varchar,
  	"version_album_cover_id" integer,
  	"version_album_url" varchar,
  	"version_book_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__songs_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "redirects" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"from" varchar NOT NULL,
  	"to_type" "enum_redirects_to_type" DEFAULT 'reference',
  	"to_url" varchar,
  	"type" "enum_redirects_type" DEFAULT '308' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "redirects_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"articles_id" integer
  );
  
  CREATE TABLE "_site_settings_v_version_streaming_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"service" varchar,
  	"url" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_tagline" varchar DEFAULT 'Where the Future is Human',
  	"version_shop_name" varchar,
  	"version_shop_description" varchar,
  	"version_shop_url" varchar,
  	"version_link_hub_url" varchar,
  	"version_book_store_url" varchar,
  	"version_music_store_url" varchar,
  	"version__status" "enum__site_settings_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  ALTER TABLE "insights" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "insights_texts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "insights" CASCADE;
  DROP TABLE "insights_texts" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_insights_fk";
  
  DROP INDEX "characters_order_idx";
  DROP INDEX "faq_items_order_idx";
  DROP INDEX "payload_locked_documents_rels_insights_id_idx";
  ALTER TABLE "characters" ALTER COLUMN "name" DROP NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "slug" DROP NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "location" DROP NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "description" DROP NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "wisdom" DROP NOT NULL;
  ALTER TABLE "faq_items" ALTER COLUMN "group" DROP NOT NULL;
  ALTER TABLE "faq_items" ALTER COLUMN "question" DROP NOT NULL;
  ALTER TABLE "faq_items" ALTER COLUMN "answer" DROP NOT NULL;
  ALTER TABLE "books" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "books" ALTER COLUMN "slug" DROP NOT NULL;
  ALTER TABLE "books" ALTER COLUMN "description" DROP NOT NULL;
  ALTER TABLE "songs_lyrics" ALTER COLUMN "section" DROP NOT NULL;
  ALTER TABLE "songs_lyrics" ALTER COLUMN "text" DROP NOT NULL;
  ALTER TABLE "songs_streaming_links" ALTER COLUMN "service" DROP NOT NULL;
  ALTER TABLE "songs_streaming_links" ALTER COLUMN "url" DROP NOT NULL;
  ALTER TABLE "songs" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "songs" ALTER COLUMN "slug" DROP NOT NULL;
  ALTER TABLE "site_settings_streaming_links" ALTER COLUMN "service" DROP NOT NULL;
  ALTER TABLE "site_settings_streaming_links" ALTER COLUMN "url" DROP NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "tagline" DROP NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "shop_name" DROP NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "shop_url" DROP NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "link_hub_url" DROP NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "book_store_url" DROP NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "music_store_url" DROP NOT NULL;
  ALTER TABLE "characters" ADD COLUMN "_order" varchar;
  ALTER TABLE "characters" ADD COLUMN "artwork_id" integer;
  ALTER TABLE "characters" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "characters" ADD COLUMN "_status" "enum_characters_status" DEFAULT 'draft';
  ALTER TABLE "faq_items" ADD COLUMN "_order" varchar;
  ALTER TABLE "faq_items" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "faq_items" ADD COLUMN "_status" "enum_faq_items_status" DEFAULT 'draft';
  ALTER TABLE "books" ADD COLUMN "cover_id" integer;
  ALTER TABLE "books" ADD COLUMN "_status" "enum_books_status" DEFAULT 'draft';
  ALTER TABLE "songs" ADD COLUMN "album_cover_id" integer;
  ALTER TABLE "songs" ADD COLUMN "_status" "enum_songs_status" DEFAULT 'draft';
  ALTER TABLE "media" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "media" ADD COLUMN "sizes_thumbnail_url" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_thumbnail_width" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_thumbnail_height" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_thumbnail_mime_type" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_thumbnail_filesize" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_thumbnail_filename" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_card_url" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_card_width" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_card_height" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_card_mime_type" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_card_filesize" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_card_filename" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_full_width_url" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_full_width_width" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_full_width_height" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_full_width_mime_type" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_full_width_filesize" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_full_width_filename" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_share_url" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_share_width" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_share_height" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_share_mime_type" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_share_filesize" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_share_filename" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "articles_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "redirects_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "_status" "enum_site_settings_status" DEFAULT 'draft';
  ALTER TABLE "_characters_v" ADD CONSTRAINT "_characters_v_parent_id_characters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_characters_v" ADD CONSTRAINT "_characters_v_version_artwork_id_media_id_fk" FOREIGN KEY ("version_artwork_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "articles" ADD CONSTRAINT "articles_cover_image_id_media_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "articles" ADD CONSTRAINT "articles_meta_image_id_media_id_fk" FOREIGN KEY ("meta_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "articles_texts" ADD CONSTRAINT "articles_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "articles_rels" ADD CONSTRAINT "articles_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "articles_rels" ADD CONSTRAINT "articles_rels_articles_fk" FOREIGN KEY ("articles_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_articles_v" ADD CONSTRAINT "_articles_v_parent_id_articles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_articles_v" ADD CONSTRAINT "_articles_v_version_cover_image_id_media_id_fk" FOREIGN KEY ("version_cover_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_articles_v" ADD CONSTRAINT "_articles_v_version_meta_image_id_media_id_fk" FOREIGN KEY ("version_meta_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_articles_v_texts" ADD CONSTRAINT "_articles_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_articles_v_rels" ADD CONSTRAINT "_articles_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_articles_v_rels" ADD CONSTRAINT "_articles_v_rels_articles_fk" FOREIGN KEY ("articles_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_faq_items_v" ADD CONSTRAINT "_faq_items_v_parent_id_faq_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."faq_items"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_books_v" ADD CONSTRAINT "_books_v_parent_id_books_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_books_v" ADD CONSTRAINT "_books_v_version_cover_id_media_id_fk" FOREIGN KEY ("version_cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_books_v_texts" ADD CONSTRAINT "_books_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_books_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_songs_v_version_lyrics" ADD CONSTRAINT "_songs_v_version_lyrics_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_songs_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_songs_v_version_streaming_links" ADD CONSTRAINT "_songs_v_version_streaming_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_songs_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_songs_v" ADD CONSTRAINT "_songs_v_parent_id_songs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."songs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_songs_v" ADD CONSTRAINT "_songs_v_version_album_cover_id_media_id_fk" FOREIGN KEY ("version_album_cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_songs_v" ADD CONSTRAINT "_songs_v_version_book_id_books_id_fk" FOREIGN KEY ("version_book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "redirects_rels" ADD CONSTRAINT "redirects_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."redirects"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "redirects_rels" ADD CONSTRAINT "redirects_rels_articles_fk" FOREIGN KEY ("articles_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_streaming_links" ADD CONSTRAINT "_site_settings_v_version_streaming_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_characters_v_parent_idx" ON "_characters_v" USING btree ("parent_id");
  CREATE INDEX "_characters_v_version_version__order_idx" ON "_characters_v" USING btree ("version__order");
  CREATE INDEX "_characters_v_version_version_slug_idx" ON "_characters_v" USING btree ("version_slug");
  CREATE INDEX "_characters_v_version_version_artwork_idx" ON "_characters_v" USING btree ("version_artwork_id");
  CREATE INDEX "_characters_v_version_version_updated_at_idx" ON "_characters_v" USING btree ("version_updated_at");
  CREATE INDEX "_characters_v_version_version_created_at_idx" ON "_characters_v" USING btree ("version_created_at");
  CREATE INDEX "_characters_v_version_version_deleted_at_idx" ON "_characters_v" USING btree ("version_deleted_at");
  CREATE INDEX "_characters_v_version_version__status_idx" ON "_characters_v" USING btree ("version__status");
  CREATE INDEX "_characters_v_created_at_idx" ON "_characters_v" USING btree ("created_at");
  CREATE INDEX "_characters_v_updated_at_idx" ON "_characters_v" USING btree ("updated_at");
  CREATE INDEX "_characters_v_latest_idx" ON "_characters_v" USING btree ("latest");
  CREATE INDEX "_characters_v_autosave_idx" ON "_characters_v" USING btree ("autosave");
  CREATE UNIQUE INDEX "articles_slug_idx" ON "articles" USING btree ("slug");
  CREATE INDEX "articles_cover_image_idx" ON "articles" USING btree ("cover_image_id");
  CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at");
  CREATE INDEX "articles_featured_idx" ON "articles" USING btree ("featured");
  CREATE INDEX "articles_meta_meta_image_idx" ON "articles" USING btree ("meta_image_id");
  CREATE INDEX "articles_updated_at_idx" ON "articles" USING btree ("updated_at");
  CREATE INDEX "articles_created_at_idx" ON "articles" USING btree ("created_at");
  CREATE INDEX "articles_deleted_at_idx" ON "articles" USING btree ("deleted_at");
  CREATE INDEX "articles__status_idx" ON "articles" USING btree ("_status");
  CREATE INDEX "articles_texts_order_parent" ON "articles_texts" USING btree ("order","parent_id");
  CREATE INDEX "articles_rels_order_idx" ON "articles_rels" USING btree ("order");
  CREATE INDEX "articles_rels_parent_idx" ON "articles_rels" USING btree ("parent_id");
  CREATE INDEX "articles_rels_path_idx" ON "articles_rels" USING btree ("path");
  CREATE INDEX "articles_rels_articles_id_idx" ON "articles_rels" USING btree ("articles_id");
  CREATE INDEX "_articles_v_parent_idx" ON "_articles_v" USING btree ("parent_id");
  CREATE INDEX "_articles_v_version_version_slug_idx" ON "_articles_v" USING btree ("version_slug");
  CREATE INDEX "_articles_v_version_version_cover_image_idx" ON "_articles_v" USING btree ("version_cover_image_id");
  CREATE INDEX "_articles_v_version_version_published_at_idx" ON "_articles_v" USING btree ("version_published_at");
  CREATE INDEX "_articles_v_version_version_featured_idx" ON "_articles_v" USING btree ("version_featured");
  CREATE INDEX "_articles_v_version_meta_version_meta_image_idx" ON "_articles_v" USING btree ("version_meta_image_id");
  CREATE INDEX "_articles_v_version_version_updated_at_idx" ON "_articles_v" USING btree ("version_updated_at");
  CREATE INDEX "_articles_v_version_version_created_at_idx" ON "_articles_v" USING btree ("version_created_at");
  CREATE INDEX "_articles_v_version_version_deleted_at_idx" ON "_articles_v" USING btree ("version_deleted_at");
  CREATE INDEX "_articles_v_version_version__status_idx" ON "_articles_v" USING btree ("version__status");
  CREATE INDEX "_articles_v_created_at_idx" ON "_articles_v" USING btree ("created_at");
  CREATE INDEX "_articles_v_updated_at_idx" ON "_articles_v" USING btree ("updated_at");
  CREATE INDEX "_articles_v_latest_idx" ON "_articles_v" USING btree ("latest");
  CREATE INDEX "_articles_v_autosave_idx" ON "_articles_v" USING btree ("autosave");
  CREATE INDEX "_articles_v_texts_order_parent" ON "_articles_v_texts" USING btree ("order","parent_id");
  CREATE INDEX "_articles_v_rels_order_idx" ON "_articles_v_rels" USING btree ("order");
  CREATE INDEX "_articles_v_rels_parent_idx" ON "_articles_v_rels" USING btree ("parent_id");
  CREATE INDEX "_articles_v_rels_path_idx" ON "_articles_v_rels" USING btree ("path");
  CREATE INDEX "_articles_v_rels_articles_id_idx" ON "_articles_v_rels" USING btree ("articles_id");
  CREATE INDEX "_faq_items_v_parent_idx" ON "_faq_items_v" USING btree ("parent_id");
  CREATE INDEX "_faq_items_v_version_version__order_idx" ON "_faq_items_v" USING btree ("version__order");
  CREATE INDEX "_faq_items_v_version_version_group_idx" ON "_faq_items_v" USING btree ("version_group");
  CREATE INDEX "_faq_items_v_version_version_updated_at_idx" ON "_faq_items_v" USING btree ("version_updated_at");
  CREATE INDEX "_faq_items_v_version_version_created_at_idx" ON "_faq_items_v" USING btree ("version_created_at");
  CREATE INDEX "_faq_items_v_version_version_deleted_at_idx" ON "_faq_items_v" USING btree ("version_deleted_at");
  CREATE INDEX "_faq_items_v_version_version__status_idx" ON "_faq_items_v" USING btree ("version__status");
  CREATE INDEX "_faq_items_v_created_at_idx" ON "_faq_items_v" USING btree ("created_at");
  CREATE INDEX "_faq_items_v_updated_at_idx" ON "_faq_items_v" USING btree ("updated_at");
  CREATE INDEX "_faq_items_v_latest_idx" ON "_faq_items_v" USING btree ("latest");
  CREATE INDEX "_faq_items_v_autosave_idx" ON "_faq_items_v" USING btree ("autosave");
  CREATE INDEX "_books_v_parent_idx" ON "_books_v" USING btree ("parent_id");
  CREATE INDEX "_books_v_version_version_slug_idx" ON "_books_v" USING btree ("version_slug");
  CREATE INDEX "_books_v_version_version_cover_idx" ON "_books_v" USING btree ("version_cover_id");
  CREATE INDEX "_books_v_version_version_updated_at_idx" ON "_books_v" USING btree ("version_updated_at");
  CREATE INDEX "_books_v_version_version_created_at_idx" ON "_books_v" USING btree ("version_created_at");
  CREATE INDEX "_books_v_version_version__status_idx" ON "_books_v" USING btree ("version__status");
  CREATE INDEX "_books_v_created_at_idx" ON "_books_v" USING btree ("created_at");
  CREATE INDEX "_books_v_updated_at_idx" ON "_books_v" USING btree ("updated_at");
  CREATE INDEX "_books_v_latest_idx" ON "_books_v" USING btree ("latest");
  CREATE INDEX "_books_v_autosave_idx" ON "_books_v" USING btree ("autosave");
  CREATE INDEX "_books_v_texts_order_parent" ON "_books_v_texts" USING btree ("order","parent_id");
  CREATE INDEX "_songs_v_version_lyrics_order_idx" ON "_songs_v_version_lyrics" USING btree ("_order");
  CREATE INDEX "_songs_v_version_lyrics_parent_id_idx" ON "_songs_v_version_lyrics" USING btree ("_parent_id");
  CREATE INDEX "_songs_v_version_streaming_links_order_idx" ON "_songs_v_version_streaming_links" USING btree ("_order");
  CREATE INDEX "_songs_v_version_streaming_links_parent_id_idx" ON "_songs_v_version_streaming_links" USING btree ("_parent_id");
  CREATE INDEX "_songs_v_parent_idx" ON "_songs_v" USING btree ("parent_id");
  CREATE INDEX "_songs_v_version_version_slug_idx" ON "_songs_v" USING btree ("version_slug");
  CREATE INDEX "_songs_v_version_version_album_cover_idx" ON "_songs_v" USING btree ("version_album_cover_id");
  CREATE INDEX "_songs_v_version_version_book_idx" ON "_songs_v" USING btree ("version_book_id");
  CREATE INDEX "_songs_v_version_version_updated_at_idx" ON "_songs_v" USING btree ("version_updated_at");
  CREATE INDEX "_songs_v_version_version_created_at_idx" ON "_songs_v" USING btree ("version_created_at");
  CREATE INDEX "_songs_v_version_version__status_idx" ON "_songs_v" USING btree ("version__status");
  CREATE INDEX "_songs_v_created_at_idx" ON "_songs_v" USING btree ("created_at");
  CREATE INDEX "_songs_v_updated_at_idx" ON "_songs_v" USING btree ("updated_at");
  CREATE INDEX "_songs_v_latest_idx" ON "_songs_v" USING btree ("latest");
  CREATE INDEX "_songs_v_autosave_idx" ON "_songs_v" USING btree ("autosave");
  CREATE UNIQUE INDEX "redirects_from_idx" ON "redirects" USING btree ("from");
  CREATE INDEX "redirects_updated_at_idx" ON "redirects" USING btree ("updated_at");
  CREATE INDEX "redirects_created_at_idx" ON "redirects" USING btree ("created_at");
  CREATE INDEX "redirects_rels_order_idx" ON "redirects_rels" USING btree ("order");
  CREATE INDEX "redirects_rels_parent_idx" ON "redirects_rels" USING btree ("parent_id");
  CREATE INDEX "redirects_rels_path_idx" ON "redirects_rels" USING btree ("path");
  CREATE INDEX "redirects_rels_articles_id_idx" ON "redirects_rels" USING btree ("articles_id");
  CREATE INDEX "_site_settings_v_version_streaming_links_order_idx" ON "_site_settings_v_version_streaming_links" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_streaming_links_parent_id_idx" ON "_site_settings_v_version_streaming_links" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_version__status_idx" ON "_site_settings_v" USING btree ("version__status");
  CREATE INDEX "_site_settings_v_created_at_idx" ON "_site_settings_v" USING btree ("created_at");
  CREATE INDEX "_site_settings_v_updated_at_idx" ON "_site_settings_v" USING btree ("updated_at");
  CREATE INDEX "_site_settings_v_latest_idx" ON "_site_settings_v" USING btree ("latest");
  CREATE INDEX "_site_settings_v_autosave_idx" ON "_site_settings_v" USING btree ("autosave");
  ALTER TABLE "characters" ADD CONSTRAINT "characters_artwork_id_media_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "books" ADD CONSTRAINT "books_cover_id_media_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "songs" ADD CONSTRAINT "songs_album_cover_id_media_id_fk" FOREIGN KEY ("album_cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_articles_fk" FOREIGN KEY ("articles_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_redirects_fk" FOREIGN KEY ("redirects_id") REFERENCES "public"."redirects"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "characters__order_idx" ON "characters" USING btree ("_order");
  CREATE INDEX "characters_artwork_idx" ON "characters" USING btree ("artwork_id");
  CREATE INDEX "characters_deleted_at_idx" ON "characters" USING btree ("deleted_at");
  CREATE INDEX "characters__status_idx" ON "characters" USING btree ("_status");
  CREATE INDEX "faq_items__order_idx" ON "faq_items" USING btree ("_order");
  CREATE INDEX "faq_items_deleted_at_idx" ON "faq_items" USING btree ("deleted_at");
  CREATE INDEX "faq_items__status_idx" ON "faq_items" USING btree ("_status");
  CREATE INDEX "books_cover_idx" ON "books" USING btree ("cover_id");
  CREATE INDEX "books__status_idx" ON "books" USING btree ("_status");
  CREATE INDEX "songs_album_cover_idx" ON "songs" USING btree ("album_cover_id");
  CREATE INDEX "songs__status_idx" ON "songs" USING btree ("_status");
  CREATE INDEX "media_deleted_at_idx" ON "media" USING btree ("deleted_at");
  CREATE INDEX "media_sizes_thumbnail_sizes_thumbnail_filename_idx" ON "media" USING btree ("sizes_thumbnail_filename");
  CREATE INDEX "media_sizes_card_sizes_card_filename_idx" ON "media" USING btree ("sizes_card_filename");
  CREATE INDEX "media_sizes_full_width_sizes_full_width_filename_idx" ON "media" USING btree ("sizes_full_width_filename");
  CREATE INDEX "media_sizes_share_sizes_share_filename_idx" ON "media" USING btree ("sizes_share_filename");
  CREATE INDEX "payload_locked_documents_rels_articles_id_idx" ON "payload_locked_documents_rels" USING btree ("articles_id");
  CREATE INDEX "payload_locked_documents_rels_redirects_id_idx" ON "payload_locked_documents_rels" USING btree ("redirects_id");
  CREATE INDEX "site_settings__status_idx" ON "site_settings" USING btree ("_status");
  -- Content that was live before drafts stays live; the typed order becomes the drag-and-drop order.
  UPDATE "characters" SET "_status" = 'published';
  UPDATE "faq_items" SET "_status" = 'published';
  UPDATE "books" SET "_status" = 'published';
  UPDATE "songs" SET "_status" = 'published';
  UPDATE "site_settings" SET "_status" = 'published';
  UPDATE "characters" c SET "_order" = k.key FROM (
    SELECT id, 'b' || lpad(to_hex(row_number() OVER (ORDER BY "order", id)::int), 2, '0') AS key
    FROM "characters") k WHERE c.id = k.id;
  UPDATE "faq_items" f SET "_order" = k.key FROM (
    SELECT id, 'b' || lpad(to_hex(row_number() OVER (ORDER BY "order", id)::int), 2, '0') AS key
    FROM "faq_items") k WHERE f.id = k.id;
  ALTER TABLE "characters" DROP COLUMN "order";
  ALTER TABLE "faq_items" DROP COLUMN "order";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "insights_id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "insights" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"excerpt" varchar NOT NULL,
  	"content" jsonb NOT NULL,
  	"author" varchar NOT NULL,
  	"date" timestamp(3) with time zone NOT NULL,
  	"read_time" varchar DEFAULT '8 min',
  	"featured" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "insights_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  ALTER TABLE "_characters_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "articles" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "articles_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "articles_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_articles_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_articles_v_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_articles_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_faq_items_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_books_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_books_v_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_songs_v_version_lyrics" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_songs_v_version_streaming_links" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_songs_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "redirects" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "redirects_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v_version_streaming_links" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_characters_v" CASCADE;
  DROP TABLE "articles" CASCADE;
  DROP TABLE "articles_texts" CASCADE;
  DROP TABLE "articles_rels" CASCADE;
  DROP TABLE "_articles_v" CASCADE;
  DROP TABLE "_articles_v_texts" CASCADE;
  DROP TABLE "_articles_v_rels" CASCADE;
  DROP TABLE "_faq_items_v" CASCADE;
  DROP TABLE "_books_v" CASCADE;
  DROP TABLE "_books_v_texts" CASCADE;
  DROP TABLE "_songs_v_version_lyrics" CASCADE;
  DROP TABLE "_songs_v_version_streaming_links" CASCADE;
  DROP TABLE "_songs_v" CASCADE;
  DROP TABLE "redirects" CASCADE;
  DROP TABLE "redirects_rels" CASCADE;
  DROP TABLE "_site_settings_v_version_streaming_links" CASCADE;
  DROP TABLE "_site_settings_v" CASCADE;
  ALTER TABLE "characters" DROP CONSTRAINT IF EXISTS "characters_artwork_id_media_id_fk";
  
  ALTER TABLE "books" DROP CONSTRAINT IF EXISTS "books_cover_id_media_id_fk";
  
  ALTER TABLE "songs" DROP CONSTRAINT IF EXISTS "songs_album_cover_id_media_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_articles_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_redirects_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendSequenceSteps', 'rollupDeliverabilityMetrics');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "characters__order_idx";
  DROP INDEX "characters_artwork_idx";
  DROP INDEX "characters_deleted_at_idx";
  DROP INDEX "characters__status_idx";
  DROP INDEX "faq_items__order_idx";
  DROP INDEX "faq_items_deleted_at_idx";
  DROP INDEX "faq_items__status_idx";
  DROP INDEX "books_cover_idx";
  DROP INDEX "books__status_idx";
  DROP INDEX "songs_album_cover_idx";
  DROP INDEX "songs__status_idx";
  DROP INDEX "media_deleted_at_idx";
  DROP INDEX "media_sizes_thumbnail_sizes_thumbnail_filename_idx";
  DROP INDEX "media_sizes_card_sizes_card_filename_idx";
  DROP INDEX "media_sizes_full_width_sizes_full_width_filename_idx";
  DROP INDEX "media_sizes_share_sizes_share_filename_idx";
  DROP INDEX "payload_locked_documents_rels_articles_id_idx";
  DROP INDEX "payload_locked_documents_rels_redirects_id_idx";
  DROP INDEX "site_settings__status_idx";
  ALTER TABLE "characters" ALTER COLUMN "name" SET NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "slug" SET NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "location" SET NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "description" SET NOT NULL;
  ALTER TABLE "characters" ALTER COLUMN "wisdom" SET NOT NULL;
  ALTER TABLE "faq_items" ALTER COLUMN "group" SET NOT NULL;
  ALTER TABLE "faq_items" ALTER COLUMN "question" SET NOT NULL;
  ALTER TABLE "faq_items" ALTER COLUMN "answer" SET NOT NULL;
  ALTER TABLE "books" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "books" ALTER COLUMN "slug" SET NOT NULL;
  ALTER TABLE "books" ALTER COLUMN "description" SET NOT NULL;
  ALTER TABLE "songs_lyrics" ALTER COLUMN "section" SET NOT NULL;
  ALTER TABLE "songs_lyrics" ALTER COLUMN "text" SET NOT NULL;
  ALTER TABLE "songs_streaming_links" ALTER COLUMN "service" SET NOT NULL;
  ALTER TABLE "songs_streaming_links" ALTER COLUMN "url" SET NOT NULL;
  ALTER TABLE "songs" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "songs" ALTER COLUMN "slug" SET NOT NULL;
  ALTER TABLE "site_settings_streaming_links" ALTER COLUMN "service" SET NOT NULL;
  ALTER TABLE "site_settings_streaming_links" ALTER COLUMN "url" SET NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "tagline" SET NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "shop_name" SET NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "shop_url" SET NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "link_hub_url" SET NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "book_store_url" SET NOT NULL;
  ALTER TABLE "site_settings" ALTER COLUMN "music_store_url" SET NOT NULL;
  ALTER TABLE "characters" ADD COLUMN "order" numeric DEFAULT 0;
  ALTER TABLE "faq_items" ADD COLUMN "order" numeric DEFAULT 0;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "insights_id" integer;
  ALTER TABLE "insights_texts" ADD CONSTRAINT "insights_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "insights_slug_idx" ON "insights" USING btree ("slug");
  CREATE INDEX "insights_date_idx" ON "insights" USING btree ("date");
  CREATE INDEX "insights_featured_idx" ON "insights" USING btree ("featured");
  CREATE INDEX "insights_updated_at_idx" ON "insights" USING btree ("updated_at");
  CREATE INDEX "insights_created_at_idx" ON "insights" USING btree ("created_at");
  CREATE INDEX "insights_texts_order_parent" ON "insights_texts" USING btree ("order","parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_insights_fk" FOREIGN KEY ("insights_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "characters_order_idx" ON "characters" USING btree ("order");
  CREATE INDEX "faq_items_order_idx" ON "faq_items" USING btree ("order");
  CREATE INDEX "payload_locked_documents_rels_insights_id_idx" ON "payload_locked_documents_rels" USING btree ("insights_id");
  ALTER TABLE "characters" DROP COLUMN "_order";
  ALTER TABLE "characters" DROP COLUMN "artwork_id";
  ALTER TABLE "characters" DROP COLUMN "deleted_at";
  ALTER TABLE "characters" DROP COLUMN "_status";
  ALTER TABLE "faq_items" DROP COLUMN "_order";
  ALTER TABLE "faq_items" DROP COLUMN "deleted_at";
  ALTER TABLE "faq_items" DROP COLUMN "_status";
  ALTER TABLE "books" DROP COLUMN "cover_id";
  ALTER TABLE "books" DROP COLUMN "_status";
  ALTER TABLE "songs" DROP COLUMN "album_cover_id";
  ALTER TABLE "songs" DROP COLUMN "_status";
  ALTER TABLE "media" DROP COLUMN "deleted_at";
  ALTER TABLE "media" DROP COLUMN "sizes_thumbnail_url";
  ALTER TABLE "media" DROP COLUMN "sizes_thumbnail_width";
  ALTER TABLE "media" DROP COLUMN "sizes_thumbnail_height";
  ALTER TABLE "media" DROP COLUMN "sizes_thumbnail_mime_type";
  ALTER TABLE "media" DROP COLUMN "sizes_thumbnail_filesize";
  ALTER TABLE "media" DROP COLUMN "sizes_thumbnail_filename";
  ALTER TABLE "media" DROP COLUMN "sizes_card_url";
  ALTER TABLE "media" DROP COLUMN "sizes_card_width";
  ALTER TABLE "media" DROP COLUMN "sizes_card_height";
  ALTER TABLE "media" DROP COLUMN "sizes_card_mime_type";
  ALTER TABLE "media" DROP COLUMN "sizes_card_filesize";
  ALTER TABLE "media" DROP COLUMN "sizes_card_filename";
  ALTER TABLE "media" DROP COLUMN "sizes_full_width_url";
  ALTER TABLE "media" DROP COLUMN "sizes_full_width_width";
  ALTER TABLE "media" DROP COLUMN "sizes_full_width_height";
  ALTER TABLE "media" DROP COLUMN "sizes_full_width_mime_type";
  ALTER TABLE "media" DROP COLUMN "sizes_full_width_filesize";
  ALTER TABLE "media" DROP COLUMN "sizes_full_width_filename";
  ALTER TABLE "media" DROP COLUMN "sizes_share_url";
  ALTER TABLE "media" DROP COLUMN "sizes_share_width";
  ALTER TABLE "media" DROP COLUMN "sizes_share_height";
  ALTER TABLE "media" DROP COLUMN "sizes_share_mime_type";
  ALTER TABLE "media" DROP COLUMN "sizes_share_filesize";
  ALTER TABLE "media" DROP COLUMN "sizes_share_filename";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "articles_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "redirects_id";
  ALTER TABLE "site_settings" DROP COLUMN "_status";
  DROP TYPE "public"."enum_characters_status";
  DROP TYPE "public"."enum__characters_v_version_status";
  DROP TYPE "public"."enum_articles_status";
  DROP TYPE "public"."enum__articles_v_version_status";
  DROP TYPE "public"."enum_faq_items_status";
  DROP TYPE "public"."enum__faq_items_v_version_group";
  DROP TYPE "public"."enum__faq_items_v_version_status";
  DROP TYPE "public"."enum_books_status";
  DROP TYPE "public"."enum__books_v_version_status";
  DROP TYPE "public"."enum_songs_status";
  DROP TYPE "public"."enum__songs_v_version_lyrics_section";
  DROP TYPE "public"."enum__songs_v_version_status";
  DROP TYPE "public"."enum_redirects_to_type";
  DROP TYPE "public"."enum_redirects_type";
  DROP TYPE "public"."enum_site_settings_status";
  DROP TYPE "public"."enum__site_settings_v_version_status";`)
}
