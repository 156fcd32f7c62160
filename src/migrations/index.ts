import * as migration_20261122_061441_initial from './20261122_061441_initial';
import * as migration_20261122_090244_audit_logs from './20261122_090244_audit_logs';
import * as migration_20261123_092704_email_delivery from './20261123_092704_email_delivery';
import * as migration_20261123_182017_document_locks from './20261123_182017_document_locks';
import * as migration_20261123_183307_email_lookup_indexes from './20261123_183307_email_lookup_indexes';
import * as migration_20261123_214134_articles from './20261123_214134_articles';
import * as migration_20261123_222309_webhook_tokens from './20261123_222309_webhook_tokens';
import * as migration_20261124_001810_retention from './20261124_001810_retention';
import * as migration_20261124_003121_traffic_sources from './20261124_003121_traffic_sources';
import * as migration_20261124_190026_people from './20261124_190026_people';
import * as migration_20261124_201015_data_requests from './20261124_201015_data_requests';
import * as migration_20261125_001103_house_dead_schema from './20261125_001103_house_dead_schema';
import * as migration_20261125_001532_string_lists from './20261125_001532_string_lists';
import * as migration_20261125_080442_waitlist_referrals from './20261125_080442_waitlist_referrals';
import * as migration_20261125_080808_media_storage_prefix from './20261125_080808_media_storage_prefix';
import * as migration_20261125_082554_media_images from './20261125_082554_media_images';
import * as migration_20261125_084954_campaigns_in_background from './20261125_084954_campaigns_in_background';
import * as migration_20261125_085126_page_seo from './20261125_085126_page_seo';
import * as migration_20261125_090141_waitlist_line_index from './20261125_090141_waitlist_line_index';
import * as migration_20261125_091627_newsletter_import from './20261125_091627_newsletter_import';
import * as migration_20261125_105817_waitlist_line_counts from './20261125_105817_waitlist_line_counts';
import * as migration_20261125_141025_email_events_visitor from './20261125_141025_email_events_visitor';
import * as migration_20261128_052344_drop_account_lock from './20261128_052344_drop_account_lock';
import * as migration_20261128_083433_page_cache_revalidations from './20261128_083433_page_cache_revalidations';
import * as migration_20261128_084206_waitlist_confirm_expires from './20261128_084206_waitlist_confirm_expires';
import * as migration_20261206_170630_campaign_sending from './20261206_170630_campaign_sending';
import * as migration_20261206_171320_engagement_rollups from './20261206_171320_engagement_rollups';
import * as migration_20261206_172508_engagement_events_by_day from './20261206_172508_engagement_events_by_day';
import * as migration_20261206_175837_engagement_waitlist_days from './20261206_175837_engagement_waitlist_days';
import * as migration_20261206_200050_backups from './20261206_200050_backups';
import * as migration_20261206_200130_system_view from './20261206_200130_system_view';
import * as migration_20261206_200207_second_factors from './20261206_200207_second_factors';
import * as migration_20261206_200211_user_session_activity from './20261206_200211_user_session_activity';
import * as migration_20261206_200716_web_vitals from './20261206_200716_web_vitals';
import * as migration_20261206_202653_waitlist_line_hours from './20261206_202653_waitlist_line_hours';
import * as migration_20261206_233132_admin_counters from './20261206_233132_admin_counters';
import * as migration_20261207_021000_waitlist_counters_one_trigger from './20261207_021000_waitlist_counters_one_trigger';
import * as migration_20261207_145442_payload_jobs_due from './20261207_145442_payload_jobs_due';

export const migrations = [
  {
    up: migration_20261122_061441_initial.up,
    down: migration_20261122_061441_initial.down,
    name: '20261122_061441_initial',
  },
  {
    up: migration_20261122_090244_audit_logs.up,
    down: migration_20261122_090244_audit_logs.down,
    name: '20261122_090244_audit_logs',
  },
  {
    up: migration_20261123_092704_email_delivery.up,
    down: migration_20261123_092704_email_delivery.down,
    name: '20261123_092704_email_delivery',
  },
  {
    up: migration_20261123_182017_document_locks.up,
    down: migration_20261123_182017_document_locks.down,
    name: '20261123_182017_document_locks',
  },
  {
    up: migration_20261123_183307_email_lookup_indexes.up,
    down: migration_20261123_183307_email_lookup_indexes.down,
    name: '20261123_183307_email_lookup_indexes',
  },
  {
    up: migration_20261123_214134_articles.up,
    down: migration_20261123_214134_articles.down,
    name: '20261123_214134_articles',
  },
  {
    up: migration_20261123_222309_webhook_tokens.up,
    down: migration_20261123_222309_webhook_tokens.down,
    name: '20261123_222309_webhook_tokens',
  },
  {
    up: migration_20261124_001810_retention.up,
    down: migration_20261124_001810_retention.down,
    name: '20261124_001810_retention',
  },
  {
    up: migration_20261124_003121_traffic_sources.up,
    down: migration_20261124_003121_traffic_sources.down,
    name: '20261124_003121_traffic_sources',
  },
  {
    up: migration_20261124_190026_people.up,
    down: migration_20261124_190026_people.down,
    name: '20261124_190026_people',
  },
  {
    up: migration_20261124_201015_data_requests.up,
    down: migration_20261124_201015_data_requests.down,
    name: '20261124_201015_data_requests',
  },
  {
    up: migration_20261125_001103_house_dead_schema.up,
    down: migration_20261125_001103_house_dead_schema.down,
    name: '20261125_001103_house_dead_schema',
  },
  {
    up: migration_20261125_001532_string_lists.up,
    down: migration_20261125_001532_string_lists.down,
    name: '20261125_001532_string_lists',
  },
  {
    up: migration_20261125_080442_waitlist_referrals.up,
    down: migration_20261125_080442_waitlist_referrals.down,
    name: '20261125_080442_waitlist_referrals',
  },
  {
    up: migration_20261125_080808_media_storage_prefix.up,
    down: migration_20261125_080808_media_storage_prefix.down,
    name: '20261125_080808_media_storage_prefix',
  },
  {
    up: migration_20261125_082554_media_images.up,
    down: migration_20261125_082554_media_images.down,
    name: '20261125_082554_media_images',
  },
  {
    up: migration_20261125_084954_campaigns_in_background.up,
    down: migration_20261125_084954_campaigns_in_background.down,
    name: '20261125_084954_campaigns_in_background',
  },
  {
    up: migration_20261125_085126_page_seo.up,
    down: migration_20261125_085126_page_seo.down,
    name: '20261125_085126_page_seo',
  },
  {
    up: migration_20261125_090141_waitlist_line_index.up,
    down: migration_20261125_090141_waitlist_line_index.down,
    name: '20261125_090141_waitlist_line_index',
  },
  {
    up: migration_20261125_091627_newsletter_import.up,
    down: migration_20261125_091627_newsletter_import.down,
    name: '20261125_091627_newsletter_import',
  },
  {
    up: migration_20261125_105817_waitlist_line_counts.up,
    down: migration_20261125_105817_waitlist_line_counts.down,
    name: '20261125_105817_waitlist_line_counts',
  },
  {
    up: migration_20261125_141025_email_events_visitor.up,
    down: migration_20261125_141025_email_events_visitor.down,
    name: '20261125_141025_email_events_visitor',
  },
  {
    up: migration_20261128_052344_drop_account_lock.up,
    down: migration_20261128_052344_drop_account_lock.down,
    name: '20261128_052344_drop_account_lock',
  },
  {
    up: migration_20261128_083433_page_cache_revalidations.up,
    down: migration_20261128_083433_page_cache_revalidations.down,
    name: '20261128_083433_page_cache_revalidations',
  },
  {
    up: migration_20261128_084206_waitlist_confirm_expires.up,
    down: migration_20261128_084206_waitlist_confirm_expires.down,
    name: '20261128_084206_waitlist_confirm_expires',
  },
  {
    up: migration_20261206_170630_campaign_sending.up,
    down: migration_20261206_170630_campaign_sending.down,
    name: '20261206_170630_campaign_sending',
  },
  {
    up: migration_20261206_171320_engagement_rollups.up,
    down: migration_20261206_171320_engagement_rollups.down,
    name: '20261206_171320_engagement_rollups',
  },
  {
    up: migration_20261206_172508_engagement_events_by_day.up,
    down: migration_20261206_172508_engagement_events_by_day.down,
    name: '20261206_172508_engagement_events_by_day',
  },
  {
    up: migration_20261206_175837_engagement_waitlist_days.up,
    down: migration_20261206_175837_engagement_waitlist_days.down,
    name: '20261206_175837_engagement_waitlist_days',
  },
  {
    up: migration_20261206_200050_backups.up,
    down: migration_20261206_200050_backups.down,
    name: '20261206_200050_backups',
  },
  {
    up: migration_20261206_200130_system_view.up,
    down: migration_20261206_200130_system_view.down,
    name: '20261206_200130_system_view',
  },
  {
    up: migration_20261206_200207_second_factors.up,
    down: migration_20261206_200207_second_factors.down,
    name: '20261206_200207_second_factors',
  },
  {
    up: migration_20261206_200211_user_session_activity.up,
    down: migration_20261206_200211_user_session_activity.down,
    name: '20261206_200211_user_session_activity',
  },
  {
    up: migration_20261206_200716_web_vitals.up,
    down: migration_20261206_200716_web_vitals.down,
    name: '20261206_200716_web_vitals',
  },
  {
    up: migration_20261206_202653_waitlist_line_hours.up,
    down: migration_20261206_202653_waitlist_line_hours.down,
    name: '20261206_202653_waitlist_line_hours',
  },
  {
    up: migration_20261206_233132_admin_counters.up,
    down: migration_20261206_233132_admin_counters.down,
    name: '20261206_233132_admin_counters',
  },
  {
    up: migration_20261207_021000_waitlist_counters_one_trigger.up,
    down: migration_20261207_021000_waitlist_counters_one_trigger.down,
    name: '20261207_021000_waitlist_counters_one_trigger',
  },
  {
    up: migration_20261207_145442_payload_jobs_due.up,
    down: migration_20261207_145442_payload_jobs_due.down,
    name: '20261207_145442_payload_jobs_due'
  },
];
