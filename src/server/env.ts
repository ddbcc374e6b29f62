import path from 'node:path';
import { z } from 'zod';
import { type Cidr, parseCidr } from '../shared/cidr';

const ZEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    /** postgres://user:pass@host:5432/db: run on a PostgreSQL server (several app nodes); unset: the SQLite file. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Connections this node keeps to PostgreSQL. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Enrolled face photos; with several nodes, a folder every node mounts (NFS or similar). Default DATA_DIR/uploads. */
    UPLOADS_DIR: z.string().optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    /** Token lifetime: seconds, or a jose duration such as '8h'. */
    TOKEN_TTL: z.string().default('8h'),
    SESSION_MINUTES: z.coerce.number().int().min(1).max(600).default(10),
    FACE_PROOF_TTL: z.coerce.number().int().min(10).max(3600).default(120),
    FACE_MIN_BLINKS: z.coerce.number().int().min(0).max(10).optional(),
    FACE_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
    FACE_THRESHOLD: z.coerce.number().positive().max(2).optional(),
    FACE_SEARCH_THRESHOLD: z.coerce.number().positive().max(2).optional(),
    FACE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).optional(),
    FACE_JOB_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
    FACE_SAMPLE_FPS: z.coerce.number().positive().max(60).optional(),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_BLOCK_SECONDS: z.coerce.number().int().min(1).default(900),
    TRUST_PROXY: z.string().optional(),
    /** Worst coords.accuracy (metres) a student's position may have; unset: the larger of the radius and 100 m. */
    GEO_MAX_ACCURACY_M: z.coerce.number().positive().max(100_000).optional(),
    /** Comma-separated CIDRs: when set, a final mark must come from one of them, and the admin card's stored list is ignored. */
    CAMPUS_NETWORKS: z.string().optional(),
    /** Registrations allowed per address per hour. */
    REGISTER_MAX_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /** Face checks one account may start per minute (every node counts together). */
    FACE_CHECKS_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(6),
    /** The face check's random challenge (a head turn and a blink in an order); off keeps the blink-only check. */
    FACE_CHALLENGE: z.enum(['on', 'off']).default('on'),
    /** smtp://user:pass@host:587 or smtps://...: notices are also emailed (services/notices/); unset: in the app only. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The From of every email, e.g. "Roll Call <attendance@school.example>"; needed with SMTP_URL. */
    SMTP_FROM: z.string().trim().max(200).optional(),
  })
  .refine((e) => !e.SMTP_URL || e.SMTP_FROM, { path: ['SMTP_FROM'], message: 'SMTP_FROM (the From address) is needed with SMTP_URL' });

export type AppConfig = ReturnType<typeof loadConfig>;

/** The only place process.env is read; everything downstream gets a typed config object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'roll-call.sqlite'),
    databaseUrl: e.DATABASE_URL,
    /** What connectDatabase opens: the PostgreSQL URL when set, else the SQLite file. */
    database: e.DATABASE_URL ?? path.join(dataDir, 'roll-call.sqlite'),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    uploadsDir: e.UPLOADS_DIR ? path.resolve(e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: parseDurationSeconds(e.TOKEN_TTL),
    sessionMinutes: e.SESSION_MINUTES,
    faceProofTtlSeconds: e.FACE_PROOF_TTL,
    /** Face engine options set in the environment; the engine's defaults (src/server/face/config.ts) fill the rest. */
    face: {
      workers: e.FACE_WORKERS,
      minBlinks: e.FACE_MIN_BLINKS,
      threshold: e.FACE_THRESHOLD,
      searchThreshold: e.FACE_SEARCH_THRESHOLD,
      queueLimit: e.FACE_QUEUE_LIMIT,
      jobTimeoutMs: e.FACE_JOB_TIMEOUT_MS,
      sampleFps: e.FACE_SAMPLE_FPS,
    },
    login: { maxFailures: e.LOGIN_MAX_FAILURES, maxDelaySeconds: e.LOGIN_BLOCK_SECONDS },
    trustProxy: e.TRUST_PROXY,
    geoMaxAccuracyM: e.GEO_MAX_ACCURACY_M,
    campusNetworks: parseCidrList(e.CAMPUS_NETWORKS),
    registerMaxPerHour: e.REGISTER_MAX_PER_HOUR,
    faceChecksPerMinute: e.FACE_CHECKS_PER_MINUTE,
    faceChallenge: e.FACE_CHALLENGE === 'on',
    /** Where notices are emailed from; null without SMTP_URL (notices stay in the app). */
    mail: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
  };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '8h', '30m', '90s', '2d' or plain seconds. */
export function parseDurationSeconds(text: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!m) throw new Error(`Invalid configuration:\n  TOKEN_TTL: expected seconds or a duration like 8h, got '${text}'`);
  return Number(m[1]) * UNIT_SECONDS[m[2] || 's'];
}

/** 'a.b.c.d/n, x:y::/n' -> the list, each checked (shared/cidr.ts, the rule the admin card uses); undefined when unset or empty. */
export function parseCidrList(text: string | undefined): Cidr[] | undefined {
  const items = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!items.length) return undefined;
  return items.map((item) => {
    const cidr = parseCidr(item);
    if (!cidr) throw new Error(`Invalid configuration:\n  CAMPUS_NETWORKS: '${item}' is not a CIDR such as 10.20.0.0/16`);
    return cidr;
  });
}
