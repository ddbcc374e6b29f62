import { MSG } from '@shared/messages';
import { isUsableUsername, usernameFromName, ZRosterRow } from '@shared/schemas/accounts/roster';
import type { AuthUser } from '@server/auth/authenticate';
import type { DB } from '@server/db/connect';
import type { RosterLine } from './roster-csv';

/** What importing a row does: create the student, nothing (already here as written), or nothing until it is fixed. */
export type RosterOutcome = 'new' | 'unchanged' | 'conflict' | 'error';

export interface RosterRowPreview {
  line: number;
  name: string;
  /** The account's username, made from the name. */
  username: string;
  email: string;
  roll_number: string | null;
  department: string;
  outcome: RosterOutcome;
  errors: string[];
}

/** A row the import writes: its validated fields and its department's id. */
export interface RosterNewRow {
  username: string;
  email: string;
  roll_number: string | null;
  department_id: number;
}

const key = (departmentId: number, rollNumber: string) => `${departmentId}:${rollNumber.toLowerCase()}`;

/**
 * Every row of a roster checked against the file and the database, writing nothing: its errors (bad fields, a
 * department unknown or not the teacher's, an email, roll number or username twice in the file, an email of another
 * account or role, a roll number taken in the department, a username made from the name too short or another
 * account's) and what the import would do with it. A student already here with the same username, roll number and
 * department is 'unchanged', so the same file uploaded twice creates nothing.
 */
export async function checkRoster(db: DB, caller: AuthUser, lines: RosterLine[]) {
  const departments = await db.selectFrom('departments').select(['id', 'name']).execute();
  const departmentByName = new Map(departments.map((d) => [d.name.toUpperCase(), d]));
  const emails = lines.map((l) => l.email.trim().toLowerCase()).filter(Boolean);
  const rolls = lines.map((l) => l.roll_number.trim()).filter(Boolean);
  const usernames = lines.map((l) => usernameFromName(l.name).toLowerCase()).filter(Boolean);
  const existing = emails.length
    ? await db.selectFrom('users').select(['id', 'username', 'email', 'role', 'department_id', 'roll_number']).where('email', 'in', emails).execute()
    : [];
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  const holders = rolls.length
    ? await db
        .selectFrom('users')
        .select(['id', 'username', 'department_id', 'roll_number'])
        .where('roll_number', 'in', rolls)
        .where('department_id', 'is not', null)
        .execute()
    : [];
  const rollHolder = new Map(holders.map((u) => [key(u.department_id!, u.roll_number!), u]));
  // Usernames differing only in case name the same person to a reader: they count as taken.
  const namesakes = usernames.length
    ? await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where((eb) => eb(eb.fn('lower', ['username']), 'in', usernames))
        .execute()
    : [];
  const usernameHolders = new Map<string, number[]>();
  for (const u of namesakes) usernameHolders.set(u.username.toLowerCase(), [...(usernameHolders.get(u.username.toLowerCase()) ?? []), u.id]);
  const emailLine = new Map<string, number>();
  const rollLine = new Map<string, number>();
  const usernameLine = new Map<string, number>();

  const rows: RosterRowPreview[] = [];
  const fresh: RosterNewRow[] = [];
  for (const l of lines) {
    const errors: string[] = [];
    const parsed = ZRosterRow.safeParse(l);
    // each field's first error: a missing name is not also a short one
    const fieldsWithError = new Set<string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      if (!fieldsWithError.has(String(issue.path[0]))) errors.push(issue.message);
      fieldsWithError.add(String(issue.path[0]));
    }
    const row = parsed.success ? parsed.data : null;
    const username = usernameFromName(l.name.trim());
    const usernameKey = username.toLowerCase();
    if (l.name.trim() && !isUsableUsername(username)) errors.push(MSG.roster.usernameTooShort(username));
    const email = row?.email ?? l.email.trim().toLowerCase();
    const rollNumber = row ? row.roll_number : l.roll_number.trim() || null;
    const department = departmentByName.get(l.department.trim().toUpperCase());
    if (!department) errors.push(MSG.roster.unknownDepartment(l.department.trim()));
    else if (caller.role !== 'admin' && department.id !== caller.department_id) errors.push(MSG.roster.otherDepartment);

    const firstEmail = email ? emailLine.get(email) : undefined;
    if (firstEmail !== undefined) errors.push(MSG.roster.duplicateEmail(firstEmail));
    else if (email) emailLine.set(email, l.line);
    const rollKey = department && rollNumber ? key(department.id, rollNumber) : null;
    const firstRoll = rollKey ? rollLine.get(rollKey) : undefined;
    if (firstRoll !== undefined) errors.push(MSG.roster.duplicateRollNumber(firstRoll));
    else if (rollKey) rollLine.set(rollKey, l.line);
    const firstUsername = isUsableUsername(username) ? usernameLine.get(usernameKey) : undefined;
    if (firstUsername !== undefined) errors.push(MSG.roster.duplicateUsername(username, firstUsername));
    else if (isUsableUsername(username)) usernameLine.set(usernameKey, l.line);

    let outcome: RosterOutcome = 'new';
    const account = byEmail.get(email);
    if (account && account.role !== 'student') errors.push(MSG.roster.emailOtherRole);
    else if (account && department && account.department_id !== department.id && caller.role !== 'admin') errors.push(MSG.roster.emailTaken);
    else if (account && row && department) {
      const same = account.username === username && account.department_id === department.id && (account.roll_number ?? null) === row.roll_number;
      if (same) outcome = 'unchanged';
      else {
        outcome = 'conflict';
        errors.push(MSG.roster.differs);
      }
    }
    const holder = rollKey ? rollHolder.get(rollKey) : undefined;
    if (holder && holder.id !== account?.id) errors.push(MSG.roster.rollNumberTaken(holder.username));
    if (isUsableUsername(username) && (usernameHolders.get(usernameKey) ?? []).some((id) => id !== account?.id)) {
      errors.push(MSG.roster.usernameTaken(username));
    }

    if (errors.length && outcome !== 'conflict') outcome = 'error';
    rows.push({
      line: l.line,
      name: l.name.trim(),
      username,
      email,
      roll_number: rollNumber,
      department: department?.name ?? l.department.trim(),
      outcome,
      errors,
    });
    if (outcome === 'new' && row && department) fresh.push({ username, email: row.email, roll_number: row.roll_number, department_id: department.id });
  }
  const count = (o: RosterOutcome) => rows.filter((r) => r.outcome === o).length;
  const summary = { rows: rows.length, new: count('new'), unchanged: count('unchanged'), errors: rows.filter((r) => r.errors.length).length };
  return { rows, summary, fresh };
}
