import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import * as admin from './admin';
import * as attendance from './attendance/attendance';
import * as auth from './accounts/auth';
import * as campus from './attendance/campus-networks';
import * as contact from './accounts/contact';
import * as faceChanges from './faces/face-changes';
import * as roomCode from './attendance/room-code';
import { z } from 'zod';

/** zod's own English: what must never reach a person. */
const ZOD_WORDS = /Too small|Too big|Invalid input|expected|received|>=|<=|Unrecognized key|Invalid (string|option|union)/;

const schemas = Object.entries({ ...admin, ...attendance, ...auth, ...campus, ...contact, ...faceChanges, ...roomCode } as Record<string, unknown>).filter(
  (e): e is [string, z.ZodType] => e[0].startsWith('Z') && e[1] instanceof z.ZodType,
);

/** Inputs a hurried form or a bad client sends: nothing, blanks, wrong types, far too much. */
const BAD_INPUTS: unknown[] = [
  undefined,
  {},
  '',
  42,
  Object.fromEntries(
    ['username', 'email', 'department', 'department_id', 'role', 'page', 'limit', 'q', 'id', 'name', 'message', 'view', 'status'].map((k) => [k, '']),
  ),
  Object.fromEntries(
    ['username', 'email', 'department', 'page', 'limit', 'q', 'id', 'name', 'message', 'latitude', 'radius'].map((k) => [k, 'x'.repeat(5000)]),
  ),
  { page: -1, limit: 10_000, id: 0, latitude: 500, longitude: 'east', radius: -5, handled: 'yes', networks: [1, 2] },
];

describe('one error map for every form', () => {
  it('finds the shared schemas to check', () => expect(schemas.length).toBeGreaterThan(15));

  it.each(schemas)('%s answers bad input in people\u2019s words', (_name, schema) => {
    for (const input of BAD_INPUTS) {
      const r = schema.safeParse(input);
      if (r.success) continue;
      for (const issue of r.error.issues) expect(issue.message, JSON.stringify({ input, path: issue.path })).not.toMatch(ZOD_WORDS);
    }
  });

  it('asks for a department when the select is left empty (the issue\u2019s example)', () => {
    const r = admin.ZAdminCreateUser.safeParse({ username: 'asha01', email: 'asha@school.test', role: 'student', department: '', password: 'Str0ng!pass' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MSG.validation.department]);
  });

  it('keeps a schema\u2019s own message and words the rest from the rule', () => {
    const r = z
      .object({ title: z.string().min(1), code: z.string().min(4), tries: z.coerce.number().int().max(3) })
      .safeParse({ title: '', code: 'ab', tries: 9 });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MSG.validation.required, MSG.validation.tooShort(4), MSG.validation.atMost(3)]);
    expect(contact.ZContactMessageInput.safeParse({ name: '', email: 'a@b.co', message: 'hi' }).error?.issues[0].message).toBe(MSG.contact.nameRequired);
  });
});
