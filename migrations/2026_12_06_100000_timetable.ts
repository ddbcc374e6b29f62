import type { Kysely } from 'kysely';
import { columnTypes } from './engine-columns';

/**
 * Issue 39's timetable: a department's rooms (a saved centre and radius) and its weekly slots (a Kolkata weekday,
 * 1 Monday to 7 Sunday, a start 'HH:MM', a length, a room and the teacher who takes it). A session records the slot
 * and the Kolkata day it was opened for; the unique index on the pair is what lets one session exist per occurrence,
 * so an opener on every node (and a teacher's Start at the same moment) opens it once. NULLs are distinct on both
 * engines, so sessions started without a slot are untouched by it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('rooms')
    .addColumn('id', 'integer', t.id)
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('latitude', t.real, (c) => c.notNull())
    .addColumn('longitude', t.real, (c) => c.notNull())
    .addColumn('radius_m', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('rooms_department_name_unique', ['department_id', 'name'])
    .execute();
  await db.schema
    .createTable('timetable_slots')
    .addColumn('id', 'integer', t.id)
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('restrict'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('length_minutes', 'integer', (c) => c.notNull())
    .addColumn('room_code', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('timetable_slots_department').on('timetable_slots').columns(['department_id', 'weekday']).execute();
  await db.schema
    .alterTable('geofence_sessions')
    .addColumn('slot_id', 'integer', (c) => c.references('timetable_slots.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('geofence_sessions').addColumn('slot_day', 'text').execute();
  await db.schema.createIndex('geofence_sessions_one_per_slot_day').unique().on('geofence_sessions').columns(['slot_id', 'slot_day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('geofence_sessions_one_per_slot_day').execute();
  await db.schema.alterTable('geofence_sessions').dropColumn('slot_day').execute();
  await db.schema.alterTable('geofence_sessions').dropColumn('slot_id').execute();
  await db.schema.dropTable('timetable_slots').execute();
  await db.schema.dropTable('rooms').execute();
}
