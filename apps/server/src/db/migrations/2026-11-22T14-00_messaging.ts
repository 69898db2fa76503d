import type { Kysely } from 'kysely';

/**
 * Messaging: chat messages, per-user mailboxes with a sequence (offline delivery and unread state),
 * device cursors, conversations, groups, public accounts, uploaded files, notices; the robot assistant's
 * FAQ, scenes, recorded questions and feedback.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('message_id_web', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_user_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('from_resource', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('to_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_user_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('to_user_type', 'integer', (c) => c.notNull())
    .addColumn('mp_type', 'integer')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('file_type_name', 'varchar(32)')
    .addColumn('file_size', 'integer')
    .addColumn('object_id', 'varchar(64)')
    .addColumn('time_send', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('chat_messages_web_id')
    .unique()
    .on('chat_messages')
    .columns(['tenant_id', 'from_user_id', 'message_id_web'])
    .execute();
  await db.schema.createIndex('chat_messages_object').on('chat_messages').columns(['tenant_id', 'object_id']).execute();

  await db.schema
    .createTable('chat_user_state')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_user_state_pk', ['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('chat_inbox')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('peer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_inbox_pk', ['tenant_id', 'user_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('chat_inbox_message')
    .unique()
    .on('chat_inbox')
    .columns(['tenant_id', 'user_id', 'message_id'])
    .execute();
  await db.schema
    .createIndex('chat_inbox_peer')
    .on('chat_inbox')
    .columns(['tenant_id', 'user_id', 'peer_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('chat_inbox_unread')
    .on('chat_inbox')
    .columns(['tenant_id', 'user_id', 'read_at'])
    .execute();
  await db.schema.createIndex('chat_inbox_by_message').on('chat_inbox').column('message_id').execute();

  await db.schema
    .createTable('chat_device_cursors')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource', 'varchar(16)', (c) => c.notNull())
    .addColumn('acked_seq', 'integer', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_device_cursors_pk', ['tenant_id', 'user_id', 'resource'])
    .execute();

  await db.schema
    .createTable('chat_conversations')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('peer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('peer_type', 'integer', (c) => c.notNull())
    .addColumn('mp_type', 'integer')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('last_message_id', 'varchar(64)')
    .addColumn('last_type', 'integer')
    .addColumn('last_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_from_user_id', 'varchar(64)')
    .addColumn('time_send', 'varchar(32)')
    .addColumn('open_top_chat_time', 'varchar(32)')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_conversations_pk', ['tenant_id', 'user_id', 'peer_id'])
    .execute();

  await db.schema
    .createTable('chat_groups')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chat_group_members')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull().references('chat_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('chat_group_members_user')
    .on('chat_group_members')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('chat_public_accounts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('mp_type', 'integer', (c) => c.notNull())
    .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_files')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_type_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('msg_type', 'integer', (c) => c.notNull())
    .addColumn('storage_path', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notices')
    .addColumn('message_id', 'varchar(64)', (c) => c.primaryKey().references('chat_messages.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('mp_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('important', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('field_set', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_id', 'varchar(64)')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('notices_tenant_mp')
    .on('notices')
    .columns(['tenant_id', 'mp_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('question_scenes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('scene_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('icon', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('faq_entries')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('scene_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('question', 'varchar(200)', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('keywords', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('faq_entries_tenant_scene')
    .on('faq_entries')
    .columns(['tenant_id', 'scene_id'])
    .execute();

  await db.schema
    .createTable('robot_questions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('question', 'varchar(200)', (c) => c.notNull())
    .addColumn('faq_id', 'varchar(64)')
    .addColumn('answered', 'integer', (c) => c.notNull())
    .addColumn('solved', 'integer')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('robot_questions_tenant')
    .on('robot_questions')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('question_feedback')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('question', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contact', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('scene_id', 'varchar(64)')
    .addColumn('record_id', 'varchar(64)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('question_feedback_user')
    .on('question_feedback')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'question_feedback',
    'robot_questions',
    'faq_entries',
    'question_scenes',
    'notices',
    'chat_files',
    'chat_public_accounts',
    'chat_group_members',
    'chat_groups',
    'chat_conversations',
    'chat_device_cursors',
    'chat_inbox',
    'chat_user_state',
    'chat_messages',
    'chat_settings',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
