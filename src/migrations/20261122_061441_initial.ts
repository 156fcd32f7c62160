import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_access_level" AS ENUM('full', 'demo', 'editor');
  CREATE TYPE "public"."enum_waitlist_entries_product" AS ENUM('earth-app', 'publishing', 'records', 'studio', 'universe');
  CREATE TYPE "public"."enum_waitlist_entries_status" AS ENUM('inactive', 'active');
  CREATE TYPE "public"."enum_contact_messages_status" AS ENUM('unread', 'read', 'replied');
  CREATE TYPE "public"."enum_contact_messages_priority" AS ENUM('low', 'normal', 'high', 'urgent');
  CREATE TYPE "public"."enum_parent_engagements_child_age" AS ENUM('3-4', '5-6', '7-8', 'multiple');
  CREATE TYPE "public"."enum_email_logs_email_type" AS ENUM('reply', 'newsletter', 'broadcast', 'confirmation', 'welcome', 'sequence');
  CREATE TYPE "public"."enum_email_logs_status" AS ENUM('queued', 'sent', 'failed', 'bounced', 'skipped');
  CREATE TYPE "public"."enum_email_preferences_frequency" AS ENUM('daily', 'weekly', 'monthly');
  CREATE TYPE "public"."enum_sequence_enrollments_status" AS ENUM('active', 'completed', 'stopped');
  CREATE TYPE "public"."enum_campaigns_status" AS ENUM('draft', 'scheduled', 'sending', 'sent', 'cancelled');
  CREATE TYPE "public"."enum_analytics_events_action" AS ENUM('click', 'submit', 'navigate', 'share', 'download', 'signup', 'contact', 'explore', 'purchase', 'demo', 'analyze');
  CREATE TYPE "public"."enum_analytics_events_category" AS ENUM('navigation', 'call_to_action', 'social_engagement', 'content_interaction', 'admin_action', 'demo_interaction', 'form_submission', 'waitlist_action', 'contact_action', 'shopping_action', 'sharing_action');
  CREATE TYPE "public"."enum_engagement_events_event_type" AS ENUM('page_view', 'email_open', 'email_click', 'download', 'signup', 'purchase', 'scroll', 'time_spent');
  CREATE TYPE "public"."enum_faq_items_group" AS ENUM('About', 'The Four Ventures', 'Community & Participation', 'Values & Philosophy', 'Getting Started');
  CREATE TYPE "public"."enum_songs_lyrics_section" AS ENUM('verse', 'chorus', 'bridge', 'outro');
  CREATE TABLE "users_sessions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"created_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "users" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"access_level" "enum_users_access_level" DEFAULT 'demo' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"email" varchar,
  	"username" varchar NOT NULL,
  	"reset_password_token" varchar,
  	"reset_password_expiration" timestamp(3) with time zone,
  	"salt" varchar,
  	"hash" varchar,
  	"reset_password_requested_at" timestamp(3) with time zone,
  	"login_attempts" numeric DEFAULT 0,
  	"lock_until" timestamp(3) with time zone
  );
  
  CREATE TABLE "waitlist_entries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"joined_at" timestamp(3) with time zone,
  	"product" "enum_waitlist_entries_product" DEFAULT 'earth-app' NOT NULL,
  	"status" "enum_waitlist_entries_status" DEFAULT 'inactive' NOT NULL,
  	"referral_source" varchar,
  	"email_opened" boolean DEFAULT false,
  	"last_email_sent" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "waitlist_entries_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "contact_messages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"subject" varchar NOT NULL,
  	"message" varchar NOT NULL,
  	"submitted_at" timestamp(3) with time zone,
  	"status" "enum_contact_messages_status" DEFAULT 'unread' NOT NULL,
  	"priority" "enum_contact_messages_priority" DEFAULT 'normal' NOT NULL,
  	"email_opened" boolean DEFAULT false,
  	"submission_key" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "contact_messages_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "parent_engagements" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"child_age" "enum_parent_engagements_child_age" NOT NULL,
  	"book_attraction" varchar,
  	"nature_connection" varchar,
  	"parenting_values" varchar,
  	"family_wish" varchar,
  	"source" varchar DEFAULT 'parent_qr_connect',
  	"submitted_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "parent_engagements_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "newsletter_subscribers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"first_name" varchar,
  	"subscribed_at" timestamp(3) with time zone,
  	"consent_timestamp" timestamp(3) with time zone,
  	"consent_ip" varchar,
  	"consent_source" varchar DEFAULT 'website',
  	"double_opt_in_confirmed" boolean DEFAULT false,
  	"double_opt_in_token" varchar,
  	"double_opt_in_expires" timestamp(3) with time zone,
  	"unsubscribe_token" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "newsletter_subscribers_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "email_logs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"to_email" varchar NOT NULL,
  	"from_email" varchar NOT NULL,
  	"subject" varchar NOT NULL,
  	"message" varchar,
  	"html_content" varchar,
  	"email_type" "enum_email_logs_email_type" DEFAULT 'reply' NOT NULL,
  	"sent_at" timestamp(3) with time zone,
  	"status" "enum_email_logs_status" DEFAULT 'sent' NOT NULL,
  	"contact_id" integer,
  	"waitlist_entry_id" integer,
  	"ai_generated" boolean DEFAULT false,
  	"email_opened" boolean DEFAULT false,
  	"notes" varchar,
  	"provider_message_id" varchar,
  	"sent_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "email_logs_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "email_suppressions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"suppression_type" varchar NOT NULL,
  	"reason" varchar,
  	"suppressed_at" timestamp(3) with time zone,
  	"event_data" jsonb,
  	"source" varchar,
  	"is_active" boolean DEFAULT true,
  	"notes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "suppressed_emails" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"reason" varchar,
  	"source" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "bounce_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"bounce_type" varchar NOT NULL,
  	"bounce_sub_type" varchar,
  	"timestamp" timestamp(3) with time zone,
  	"provider_event_id" varchar,
  	"provider_message_id" varchar,
  	"reason" varchar,
  	"event_data" jsonb,
  	"processed" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "email_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"newsletter_enabled" boolean DEFAULT true,
  	"promotions_enabled" boolean DEFAULT true,
  	"updates_enabled" boolean DEFAULT true,
  	"weekly_digest_enabled" boolean DEFAULT true,
  	"frequency" "enum_email_preferences_frequency" DEFAULT 'weekly' NOT NULL,
  	"last_updated" timestamp(3) with time zone,
  	"unsubscribe_token" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "email_sequences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"category" varchar,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "email_templates" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"sequence_id" integer,
  	"name" varchar NOT NULL,
  	"subject" varchar NOT NULL,
  	"html_content" varchar,
  	"text_content" varchar,
  	"delay_hours" numeric DEFAULT 0,
  	"step_order" numeric NOT NULL,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "sequence_enrollments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"sequence_id" integer NOT NULL,
  	"current_step" numeric DEFAULT 0,
  	"status" "enum_sequence_enrollments_status" DEFAULT 'active' NOT NULL,
  	"enrolled_at" timestamp(3) with time zone,
  	"next_email_at" timestamp(3) with time zone,
  	"completed_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "campaigns" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"subject" varchar,
  	"type" varchar,
  	"status" "enum_campaigns_status" DEFAULT 'draft' NOT NULL,
  	"sent_at" timestamp(3) with time zone,
  	"total_sent" numeric DEFAULT 0,
  	"total_delivered" numeric DEFAULT 0,
  	"total_opens" numeric DEFAULT 0,
  	"total_clicks" numeric DEFAULT 0,
  	"total_bounces" numeric DEFAULT 0,
  	"total_unsubscribes" numeric DEFAULT 0,
  	"metadata" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "email_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"campaign_id" integer,
  	"email" varchar NOT NULL,
  	"event_type" varchar NOT NULL,
  	"timestamp" timestamp(3) with time zone,
  	"provider_event_id" varchar,
  	"user_agent" varchar,
  	"ip_address" varchar,
  	"url" varchar,
  	"reason" varchar,
  	"metadata" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "deliverability_metrics" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"date" timestamp(3) with time zone NOT NULL,
  	"total_sent" numeric DEFAULT 0,
  	"total_delivered" numeric DEFAULT 0,
  	"total_bounced" numeric DEFAULT 0,
  	"total_spam" numeric DEFAULT 0,
  	"total_unsubscribed" numeric DEFAULT 0,
  	"delivery_rate" numeric(5, 2),
  	"bounce_rate" numeric(5, 2),
  	"spam_rate" numeric(5, 2),
  	"reputation_score" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "analytics_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"action" "enum_analytics_events_action" DEFAULT 'click' NOT NULL,
  	"category" "enum_analytics_events_category" DEFAULT 'navigation' NOT NULL,
  	"label" varchar,
  	"value" numeric,
  	"page" varchar,
  	"timestamp" timestamp(3) with time zone,
  	"user_agent" varchar,
  	"session_id" varchar,
  	"ip_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "engagement_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar,
  	"event_type" "enum_engagement_events_event_type" DEFAULT 'page_view' NOT NULL,
  	"event_data" varchar,
  	"page" varchar,
  	"source" varchar,
  	"user_agent" varchar,
  	"ip_hash" varchar,
  	"session_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "user_segments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"rules" jsonb,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "segment_memberships" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"segment_id" integer NOT NULL,
  	"added_at" timestamp(3) with time zone,
  	"removed_at" timestamp(3) with time zone,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "engagement_scores" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"total_score" numeric DEFAULT 0,
  	"email_engagement" numeric DEFAULT 0,
  	"website_engagement" numeric DEFAULT 0,
  	"conversion_score" numeric DEFAULT 0,
  	"recency_score" numeric DEFAULT 0,
  	"last_activity_at" timestamp(3) with time zone,
  	"calculated_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "consents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer,
  	"email" varchar NOT NULL,
  	"consent_type" varchar NOT NULL,
  	"granted" boolean DEFAULT true,
  	"granted_at" timestamp(3) with time zone,
  	"ip_address" varchar,
  	"source" varchar,
  	"metadata" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "characters" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"species" varchar,
  	"location" varchar NOT NULL,
  	"description" varchar NOT NULL,
  	"wisdom" varchar NOT NULL,
  	"icon" varchar,
  	"color" varchar,
  	"gradient" varchar,
  	"image" varchar,
  	"order" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
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
  
  CREATE TABLE "faq_items" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"group" "enum_faq_items_group" NOT NULL,
  	"question" varchar NOT NULL,
  	"answer" varchar NOT NULL,
  	"order" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "books" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"subtitle" varchar,
  	"series_name" varchar,
  	"series_number" numeric,
  	"series_total" numeric,
  	"age_range" varchar,
  	"description" varchar NOT NULL,
  	"story" varchar,
  	"formats" varchar DEFAULT 'Available in hardcover, paperback, and digital formats',
  	"cover_image" varchar,
  	"store_url" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "books_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "songs_lyrics" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"section" "enum_songs_lyrics_section" NOT NULL,
  	"text" varchar NOT NULL
  );
  
  CREATE TABLE "songs_streaming_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"service" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "songs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"artist" varchar,
  	"description" varchar,
  	"video_url" varchar,
  	"album_art" varchar,
  	"album_url" varchar,
  	"book_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "shop_products" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"handle" varchar NOT NULL,
  	"description" varchar,
  	"price" numeric,
  	"image_url" varchar,
  	"order" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "rate_limits" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"window_start" timestamp(3) with time zone NOT NULL,
  	"count" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_kv" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"data" jsonb NOT NULL
  );
  
  CREATE TABLE "payload_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar,
  	"value" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_preferences_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  CREATE TABLE "payload_migrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"batch" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_settings_streaming_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"service" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "site_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"tagline" varchar DEFAULT 'Where the Future is Human' NOT NULL,
  	"shop_name" varchar NOT NULL,
  	"shop_description" varchar,
  	"shop_url" varchar NOT NULL,
  	"link_hub_url" varchar NOT NULL,
  	"book_store_url" varchar NOT NULL,
  	"music_store_url" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "users_sessions" ADD CONSTRAINT "users_sessions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "waitlist_entries_texts" ADD CONSTRAINT "waitlist_entries_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "contact_messages_texts" ADD CONSTRAINT "contact_messages_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "parent_engagements_texts" ADD CONSTRAINT "parent_engagements_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_engagements"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "newsletter_subscribers_texts" ADD CONSTRAINT "newsletter_subscribers_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_contact_id_contact_messages_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "email_logs_texts" ADD CONSTRAINT "email_logs_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."email_logs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_sequence_id_email_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."email_sequences"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "sequence_enrollments" ADD CONSTRAINT "sequence_enrollments_sequence_id_email_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."email_sequences"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "email_events" ADD CONSTRAINT "email_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "segment_memberships" ADD CONSTRAINT "segment_memberships_segment_id_user_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."user_segments"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "insights_texts" ADD CONSTRAINT "insights_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "books_texts" ADD CONSTRAINT "books_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "songs_lyrics" ADD CONSTRAINT "songs_lyrics_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "songs_streaming_links" ADD CONSTRAINT "songs_streaming_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "songs" ADD CONSTRAINT "songs_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_streaming_links" ADD CONSTRAINT "site_settings_streaming_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_sessions_order_idx" ON "users_sessions" USING btree ("_order");
  CREATE INDEX "users_sessions_parent_id_idx" ON "users_sessions" USING btree ("_parent_id");
  CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at");
  CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree ("username");
  CREATE INDEX "waitlist_entries_email_idx" ON "waitlist_entries" USING btree ("email");
  CREATE INDEX "waitlist_entries_joined_at_idx" ON "waitlist_entries" USING btree ("joined_at");
  CREATE INDEX "waitlist_entries_product_idx" ON "waitlist_entries" USING btree ("product");
  CREATE INDEX "waitlist_entries_status_idx" ON "waitlist_entries" USING btree ("status");
  CREATE INDEX "waitlist_entries_referral_source_idx" ON "waitlist_entries" USING btree ("referral_source");
  CREATE INDEX "waitlist_entries_updated_at_idx" ON "waitlist_entries" USING btree ("updated_at");
  CREATE INDEX "waitlist_entries_created_at_idx" ON "waitlist_entries" USING btree ("created_at");
  CREATE UNIQUE INDEX "email_product_idx" ON "waitlist_entries" USING btree ("email","product");
  CREATE INDEX "waitlist_entries_texts_order_parent" ON "waitlist_entries_texts" USING btree ("order","parent_id");
  CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email");
  CREATE INDEX "contact_messages_submitted_at_idx" ON "contact_messages" USING btree ("submitted_at");
  CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status");
  CREATE INDEX "contact_messages_priority_idx" ON "contact_messages" USING btree ("priority");
  CREATE UNIQUE INDEX "contact_messages_submission_key_idx" ON "contact_messages" USING btree ("submission_key");
  CREATE INDEX "contact_messages_updated_at_idx" ON "contact_messages" USING btree ("updated_at");
  CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");
  CREATE INDEX "contact_messages_texts_order_parent" ON "contact_messages_texts" USING btree ("order","parent_id");
  CREATE UNIQUE INDEX "parent_engagements_email_idx" ON "parent_engagements" USING btree ("email");
  CREATE INDEX "parent_engagements_child_age_idx" ON "parent_engagements" USING btree ("child_age");
  CREATE INDEX "parent_engagements_submitted_at_idx" ON "parent_engagements" USING btree ("submitted_at");
  CREATE INDEX "parent_engagements_updated_at_idx" ON "parent_engagements" USING btree ("updated_at");
  CREATE INDEX "parent_engagements_created_at_idx" ON "parent_engagements" USING btree ("created_at");
  CREATE INDEX "parent_engagements_texts_order_parent" ON "parent_engagements_texts" USING btree ("order","parent_id");
  CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email");
  CREATE INDEX "newsletter_subscribers_subscribed_at_idx" ON "newsletter_subscribers" USING btree ("subscribed_at");
  CREATE INDEX "newsletter_subscribers_double_opt_in_confirmed_idx" ON "newsletter_subscribers" USING btree ("double_opt_in_confirmed");
  CREATE INDEX "newsletter_subscribers_double_opt_in_token_idx" ON "newsletter_subscribers" USING btree ("double_opt_in_token");
  CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_token_idx" ON "newsletter_subscribers" USING btree ("unsubscribe_token");
  CREATE INDEX "newsletter_subscribers_updated_at_idx" ON "newsletter_subscribers" USING btree ("updated_at");
  CREATE INDEX "newsletter_subscribers_created_at_idx" ON "newsletter_subscribers" USING btree ("created_at");
  CREATE INDEX "newsletter_subscribers_texts_order_parent" ON "newsletter_subscribers_texts" USING btree ("order","parent_id");
  CREATE INDEX "email_logs_to_email_idx" ON "email_logs" USING btree ("to_email");
  CREATE INDEX "email_logs_from_email_idx" ON "email_logs" USING btree ("from_email");
  CREATE INDEX "email_logs_email_type_idx" ON "email_logs" USING btree ("email_type");
  CREATE INDEX "email_logs_sent_at_idx" ON "email_logs" USING btree ("sent_at");
  CREATE INDEX "email_logs_status_idx" ON "email_logs" USING btree ("status");
  CREATE INDEX "email_logs_contact_idx" ON "email_logs" USING btree ("contact_id");
  CREATE INDEX "email_logs_waitlist_entry_idx" ON "email_logs" USING btree ("waitlist_entry_id");
  CREATE INDEX "email_logs_ai_generated_idx" ON "email_logs" USING btree ("ai_generated");
  CREATE INDEX "email_logs_provider_message_id_idx" ON "email_logs" USING btree ("provider_message_id");
  CREATE INDEX "email_logs_sent_by_idx" ON "email_logs" USING btree ("sent_by_id");
  CREATE INDEX "email_logs_updated_at_idx" ON "email_logs" USING btree ("updated_at");
  CREATE INDEX "email_logs_created_at_idx" ON "email_logs" USING btree ("created_at");
  CREATE INDEX "email_logs_texts_order_parent" ON "email_logs_texts" USING btree ("order","parent_id");
  CREATE UNIQUE INDEX "email_suppressions_email_idx" ON "email_suppressions" USING btree ("email");
  CREATE INDEX "email_suppressions_suppression_type_idx" ON "email_suppressions" USING btree ("suppression_type");
  CREATE INDEX "email_suppressions_suppressed_at_idx" ON "email_suppressions" USING btree ("suppressed_at");
  CREATE INDEX "email_suppressions_is_active_idx" ON "email_suppressions" USING btree ("is_active");
  CREATE INDEX "email_suppressions_updated_at_idx" ON "email_suppressions" USING btree ("updated_at");
  CREATE INDEX "email_suppressions_created_at_idx" ON "email_suppressions" USING btree ("created_at");
  CREATE INDEX "suppressed_emails_email_idx" ON "suppressed_emails" USING btree ("email");
  CREATE INDEX "suppressed_emails_updated_at_idx" ON "suppressed_emails" USING btree ("updated_at");
  CREATE INDEX "suppressed_emails_created_at_idx" ON "suppressed_emails" USING btree ("created_at");
  CREATE INDEX "bounce_events_email_idx" ON "bounce_events" USING btree ("email");
  CREATE INDEX "bounce_events_bounce_type_idx" ON "bounce_events" USING btree ("bounce_type");
  CREATE INDEX "bounce_events_timestamp_idx" ON "bounce_events" USING btree ("timestamp");
  CREATE UNIQUE INDEX "bounce_events_provider_event_id_idx" ON "bounce_events" USING btree ("provider_event_id");
  CREATE INDEX "bounce_events_provider_message_id_idx" ON "bounce_events" USING btree ("provider_message_id");
  CREATE INDEX "bounce_events_updated_at_idx" ON "bounce_events" USING btree ("updated_at");
  CREATE INDEX "bounce_events_created_at_idx" ON "bounce_events" USING btree ("created_at");
  CREATE UNIQUE INDEX "email_preferences_email_idx" ON "email_preferences" USING btree ("email");
  CREATE INDEX "email_preferences_frequency_idx" ON "email_preferences" USING btree ("frequency");
  CREATE UNIQUE INDEX "email_preferences_unsubscribe_token_idx" ON "email_preferences" USING btree ("unsubscribe_token");
  CREATE INDEX "email_preferences_updated_at_idx" ON "email_preferences" USING btree ("updated_at");
  CREATE INDEX "email_preferences_created_at_idx" ON "email_preferences" USING btree ("created_at");
  CREATE UNIQUE INDEX "email_sequences_name_idx" ON "email_sequences" USING btree ("name");
  CREATE INDEX "email_sequences_category_idx" ON "email_sequences" USING btree ("category");
  CREATE INDEX "email_sequences_updated_at_idx" ON "email_sequences" USING btree ("updated_at");
  CREATE INDEX "email_sequences_created_at_idx" ON "email_sequences" USING btree ("created_at");
  CREATE INDEX "email_templates_sequence_idx" ON "email_templates" USING btree ("sequence_id");
  CREATE INDEX "email_templates_updated_at_idx" ON "email_templates" USING btree ("updated_at");
  CREATE INDEX "email_templates_created_at_idx" ON "email_templates" USING btree ("created_at");
  CREATE UNIQUE INDEX "sequence_stepOrder_idx" ON "email_templates" USING btree ("sequence_id","step_order");
  CREATE INDEX "sequence_enrollments_email_idx" ON "sequence_enrollments" USING btree ("email");
  CREATE INDEX "sequence_enrollments_sequence_idx" ON "sequence_enrollments" USING btree ("sequence_id");
  CREATE INDEX "sequence_enrollments_status_idx" ON "sequence_enrollments" USING btree ("status");
  CREATE INDEX "sequence_enrollments_enrolled_at_idx" ON "sequence_enrollments" USING btree ("enrolled_at");
  CREATE INDEX "sequence_enrollments_next_email_at_idx" ON "sequence_enrollments" USING btree ("next_email_at");
  CREATE INDEX "sequence_enrollments_updated_at_idx" ON "sequence_enrollments" USING btree ("updated_at");
  CREATE INDEX "sequence_enrollments_created_at_idx" ON "sequence_enrollments" USING btree ("created_at");
  CREATE UNIQUE INDEX "email_sequence_idx" ON "sequence_enrollments" USING btree ("email","sequence_id");
  CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status");
  CREATE INDEX "campaigns_sent_at_idx" ON "campaigns" USING btree ("sent_at");
  CREATE INDEX "campaigns_updated_at_idx" ON "campaigns" USING btree ("updated_at");
  CREATE INDEX "campaigns_created_at_idx" ON "campaigns" USING btree ("created_at");
  CREATE INDEX "email_events_campaign_idx" ON "email_events" USING btree ("campaign_id");
  CREATE INDEX "email_events_email_idx" ON "email_events" USING btree ("email");
  CREATE INDEX "email_events_event_type_idx" ON "email_events" USING btree ("event_type");
  CREATE INDEX "email_events_timestamp_idx" ON "email_events" USING btree ("timestamp");
  CREATE UNIQUE INDEX "email_events_provider_event_id_idx" ON "email_events" USING btree ("provider_event_id");
  CREATE INDEX "email_events_updated_at_idx" ON "email_events" USING btree ("updated_at");
  CREATE INDEX "email_events_created_at_idx" ON "email_events" USING btree ("created_at");
  CREATE UNIQUE INDEX "deliverability_metrics_date_idx" ON "deliverability_metrics" USING btree ("date");
  CREATE INDEX "deliverability_metrics_updated_at_idx" ON "deliverability_metrics" USING btree ("updated_at");
  CREATE INDEX "deliverability_metrics_created_at_idx" ON "deliverability_metrics" USING btree ("created_at");
  CREATE INDEX "analytics_events_action_idx" ON "analytics_events" USING btree ("action");
  CREATE INDEX "analytics_events_category_idx" ON "analytics_events" USING btree ("category");
  CREATE INDEX "analytics_events_label_idx" ON "analytics_events" USING btree ("label");
  CREATE INDEX "analytics_events_page_idx" ON "analytics_events" USING btree ("page");
  CREATE INDEX "analytics_events_timestamp_idx" ON "analytics_events" USING btree ("timestamp");
  CREATE INDEX "analytics_events_session_id_idx" ON "analytics_events" USING btree ("session_id");
  CREATE INDEX "analytics_events_updated_at_idx" ON "analytics_events" USING btree ("updated_at");
  CREATE INDEX "analytics_events_created_at_idx" ON "analytics_events" USING btree ("created_at");
  CREATE INDEX "engagement_events_email_idx" ON "engagement_events" USING btree ("email");
  CREATE INDEX "engagement_events_event_type_idx" ON "engagement_events" USING btree ("event_type");
  CREATE INDEX "engagement_events_page_idx" ON "engagement_events" USING btree ("page");
  CREATE INDEX "engagement_events_session_id_idx" ON "engagement_events" USING btree ("session_id");
  CREATE INDEX "engagement_events_updated_at_idx" ON "engagement_events" USING btree ("updated_at");
  CREATE INDEX "engagement_events_created_at_idx" ON "engagement_events" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_segments_name_idx" ON "user_segments" USING btree ("name");
  CREATE INDEX "user_segments_updated_at_idx" ON "user_segments" USING btree ("updated_at");
  CREATE INDEX "user_segments_created_at_idx" ON "user_segments" USING btree ("created_at");
  CREATE INDEX "segment_memberships_email_idx" ON "segment_memberships" USING btree ("email");
  CREATE INDEX "segment_memberships_segment_idx" ON "segment_memberships" USING btree ("segment_id");
  CREATE INDEX "segment_memberships_added_at_idx" ON "segment_memberships" USING btree ("added_at");
  CREATE INDEX "segment_memberships_updated_at_idx" ON "segment_memberships" USING btree ("updated_at");
  CREATE INDEX "segment_memberships_created_at_idx" ON "segment_memberships" USING btree ("created_at");
  CREATE UNIQUE INDEX "email_segment_idx" ON "segment_memberships" USING btree ("email","segment_id");
  CREATE UNIQUE INDEX "engagement_scores_email_idx" ON "engagement_scores" USING btree ("email");
  CREATE INDEX "engagement_scores_total_score_idx" ON "engagement_scores" USING btree ("total_score");
  CREATE INDEX "engagement_scores_updated_at_idx" ON "engagement_scores" USING btree ("updated_at");
  CREATE INDEX "engagement_scores_created_at_idx" ON "engagement_scores" USING btree ("created_at");
  CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id");
  CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email");
  CREATE INDEX "consents_consent_type_idx" ON "consents" USING btree ("consent_type");
  CREATE INDEX "consents_granted_at_idx" ON "consents" USING btree ("granted_at");
  CREATE INDEX "consents_updated_at_idx" ON "consents" USING btree ("updated_at");
  CREATE INDEX "consents_created_at_idx" ON "consents" USING btree ("created_at");
  CREATE UNIQUE INDEX "characters_slug_idx" ON "characters" USING btree ("slug");
  CREATE INDEX "characters_order_idx" ON "characters" USING btree ("order");
  CREATE INDEX "characters_updated_at_idx" ON "characters" USING btree ("updated_at");
  CREATE INDEX "characters_created_at_idx" ON "characters" USING btree ("created_at");
  CREATE UNIQUE INDEX "insights_slug_idx" ON "insights" USING btree ("slug");
  CREATE INDEX "insights_date_idx" ON "insights" USING btree ("date");
  CREATE INDEX "insights_featured_idx" ON "insights" USING btree ("featured");
  CREATE INDEX "insights_updated_at_idx" ON "insights" USING btree ("updated_at");
  CREATE INDEX "insights_created_at_idx" ON "insights" USING btree ("created_at");
  CREATE INDEX "insights_texts_order_parent" ON "insights_texts" USING btree ("order","parent_id");
  CREATE INDEX "faq_items_group_idx" ON "faq_items" USING btree ("group");
  CREATE INDEX "faq_items_order_idx" ON "faq_items" USING btree ("order");
  CREATE INDEX "faq_items_updated_at_idx" ON "faq_items" USING btree ("updated_at");
  CREATE INDEX "faq_items_created_at_idx" ON "faq_items" USING btree ("created_at");
  CREATE UNIQUE INDEX "books_slug_idx" ON "books" USING btree ("slug");
  CREATE INDEX "books_updated_at_idx" ON "books" USING btree ("updated_at");
  CREATE INDEX "books_created_at_idx" ON "books" USING btree ("created_at");
  CREATE INDEX "books_texts_order_parent" ON "books_texts" USING btree ("order","parent_id");
  CREATE INDEX "songs_lyrics_order_idx" ON "songs_lyrics" USING btree ("_order");
  CREATE INDEX "songs_lyrics_parent_id_idx" ON "songs_lyrics" USING btree ("_parent_id");
  CREATE INDEX "songs_streaming_links_order_idx" ON "songs_streaming_links" USING btree ("_order");
  CREATE INDEX "songs_streaming_links_parent_id_idx" ON "songs_streaming_links" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "songs_slug_idx" ON "songs" USING btree ("slug");
  CREATE INDEX "songs_book_idx" ON "songs" USING btree ("book_id");
  CREATE INDEX "songs_updated_at_idx" ON "songs" USING btree ("updated_at");
  CREATE INDEX "songs_created_at_idx" ON "songs" USING btree ("created_at");
  CREATE UNIQUE INDEX "shop_products_handle_idx" ON "shop_products" USING btree ("handle");
  CREATE INDEX "shop_products_order_idx" ON "shop_products" USING btree ("order");
  CREATE INDEX "shop_products_updated_at_idx" ON "shop_products" USING btree ("updated_at");
  CREATE INDEX "shop_products_created_at_idx" ON "shop_products" USING btree ("created_at");
  CREATE INDEX "media_updated_at_idx" ON "media" USING btree ("updated_at");
  CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");
  CREATE UNIQUE INDEX "media_filename_idx" ON "media" USING btree ("filename");
  CREATE UNIQUE INDEX "rate_limits_key_idx" ON "rate_limits" USING btree ("key");
  CREATE INDEX "rate_limits_updated_at_idx" ON "rate_limits" USING btree ("updated_at");
  CREATE INDEX "rate_limits_created_at_idx" ON "rate_limits" USING btree ("created_at");
  CREATE UNIQUE INDEX "payload_kv_key_idx" ON "payload_kv" USING btree ("key");
  CREATE INDEX "payload_preferences_key_idx" ON "payload_preferences" USING btree ("key");
  CREATE INDEX "payload_preferences_updated_at_idx" ON "payload_preferences" USING btree ("updated_at");
  CREATE INDEX "payload_preferences_created_at_idx" ON "payload_preferences" USING btree ("created_at");
  CREATE INDEX "payload_preferences_rels_order_idx" ON "payload_preferences_rels" USING btree ("order");
  CREATE INDEX "payload_preferences_rels_parent_idx" ON "payload_preferences_rels" USING btree ("parent_id");
  CREATE INDEX "payload_preferences_rels_path_idx" ON "payload_preferences_rels" USING btree ("path");
  CREATE INDEX "payload_preferences_rels_users_id_idx" ON "payload_preferences_rels" USING btree ("users_id");
  CREATE INDEX "payload_migrations_updated_at_idx" ON "payload_migrations" USING btree ("updated_at");
  CREATE INDEX "payload_migrations_created_at_idx" ON "payload_migrations" USING btree ("created_at");
  CREATE INDEX "site_settings_streaming_links_order_idx" ON "site_settings_streaming_links" USING btree ("_order");
  CREATE INDEX "site_settings_streaming_links_parent_id_idx" ON "site_settings_streaming_links" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "users_sessions" CASCADE;
  DROP TABLE "users" CASCADE;
  DROP TABLE "waitlist_entries" CASCADE;
  DROP TABLE "waitlist_entries_texts" CASCADE;
  DROP TABLE "contact_messages" CASCADE;
  DROP TABLE "contact_messages_texts" CASCADE;
  DROP TABLE "parent_engagements" CASCADE;
  DROP TABLE "parent_engagements_texts" CASCADE;
  DROP TABLE "newsletter_subscribers" CASCADE;
  DROP TABLE "newsletter_subscribers_texts" CASCADE;
  DROP TABLE "email_logs" CASCADE;
  DROP TABLE "email_logs_texts" CASCADE;
  DROP TABLE "email_suppressions" CASCADE;
  DROP TABLE "suppressed_emails" CASCADE;
  DROP TABLE "bounce_events" CASCADE;
  DROP TABLE "email_preferences" CASCADE;
  DROP TABLE "email_sequences" CASCADE;
  DROP TABLE "email_templates" CASCADE;
  DROP TABLE "sequence_enrollments" CASCADE;
  DROP TABLE "campaigns" CASCADE;
  DROP TABLE "email_events" CASCADE;
  DROP TABLE "deliverability_metrics" CASCADE;
  DROP TABLE "analytics_events" CASCADE;
  DROP TABLE "engagement_events" CASCADE;
  DROP TABLE "user_segments" CASCADE;
  DROP TABLE "segment_memberships" CASCADE;
  DROP TABLE "engagement_scores" CASCADE;
  DROP TABLE "consents" CASCADE;
  DROP TABLE "characters" CASCADE;
  DROP TABLE "insights" CASCADE;
  DROP TABLE "insights_texts" CASCADE;
  DROP TABLE "faq_items" CASCADE;
  DROP TABLE "books" CASCADE;
  DROP TABLE "books_texts" CASCADE;
  DROP TABLE "songs_lyrics" CASCADE;
  DROP TABLE "songs_streaming_links" CASCADE;
  DROP TABLE "songs" CASCADE;
  DROP TABLE "shop_products" CASCADE;
  DROP TABLE "media" CASCADE;
  DROP TABLE "rate_limits" CASCADE;
  DROP TABLE "payload_kv" CASCADE;
  DROP TABLE "payload_preferences" CASCADE;
  DROP TABLE "payload_preferences_rels" CASCADE;
  DROP TABLE "payload_migrations" CASCADE;
  DROP TABLE "site_settings_streaming_links" CASCADE;
  DROP TABLE "site_settings" CASCADE;
  DROP TYPE "public"."enum_users_access_level";
  DROP TYPE "public"."enum_waitlist_entries_product";
  DROP TYPE "public"."enum_waitlist_entries_status";
  DROP TYPE "public"."enum_contact_messages_status";
  DROP TYPE "public"."enum_contact_messages_priority";
  DROP TYPE "public"."enum_parent_engagements_child_age";
  DROP TYPE "public"."enum_email_logs_email_type";
  DROP TYPE "public"."enum_email_logs_status";
  DROP TYPE "public"."enum_email_preferences_frequency";
  DROP TYPE "public"."enum_sequence_enrollments_status";
  DROP TYPE "public"."enum_campaigns_status";
  DROP TYPE "public"."enum_analytics_events_action";
  DROP TYPE "public"."enum_analytics_events_category";
  DROP TYPE "public"."enum_engagement_events_event_type";
  DROP TYPE "public"."enum_faq_items_group";
  DROP TYPE "public"."enum_songs_lyrics_section";`)
}
