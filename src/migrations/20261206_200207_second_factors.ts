import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Second factors of user accounts (decision 0210): TOTP secrets (sealed), recovery codes (keyed
 * hashes) and passkeys, in tables of their own that no Payload door reads.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "second_factor_totp" (
  	"user_id" integer PRIMARY KEY NOT NULL,
  	"secret" text NOT NULL,
  	"last_step" bigint,
  	"created_at" timestamp with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "second_factor_recovery_codes" (
  	"user_id" integer NOT NULL,
  	"code_hash" text NOT NULL,
  	CONSTRAINT "second_factor_recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
  );
  
  CREATE TABLE "second_factor_passkeys" (
  	"credential_id" text PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"name" text NOT NULL,
  	"public_key" text NOT NULL,
  	"counter" bigint NOT NULL,
  	"transports" text DEFAULT '' NOT NULL,
  	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
  	"last_used_at" timestamp with time zone
  );
  
  CREATE INDEX "second_factor_passkeys_user_idx" ON "second_factor_passkeys" USING btree ("user_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "second_factor_totp" CASCADE;
  DROP TABLE "second_factor_recovery_codes" CASCADE;
  DROP TABLE "second_factor_passkeys" CASCADE;`)
}
