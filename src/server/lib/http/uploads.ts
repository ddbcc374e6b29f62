import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { FACE_IMAGES_REQUIRED, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, ROSTER_MAX_BYTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ZLeaveRequestFields } from '@shared/schemas/attendance/leave';
import { ZFaceUploadFields } from '@shared/schemas/faces/face-challenge';
import { DomainError, type DomainErrorKind, parseInput } from '../errors';

/**
 * The multipart uploads, read here for both doors: a REST route streams the body through multer into memory within
 * the upload's limits, a tRPC procedure gets a FormData. Each upload names its file field, its limits and its
 * refusals once, and both doors hand the services the same shapes: a Buffer, or `{ buffer, size }` per file.
 */

/** One upload's form field, limits and refusals. */
interface UploadSpec {
  /** the form field of the file or files */
  field: string;
  maxFiles: number;
  maxBytes: number;
  /** the text fields beside the files: how many, and the bytes of each (multer's default is 1 MB) */
  fields: number;
  fieldSize: number;
  /** a file over maxBytes */
  tooLarge: () => DomainError;
  /** more files than maxFiles, or a file under another field */
  wrongCount?: () => DomainError;
  /** a text field over fieldSize */
  fieldTooLarge?: () => DomainError;
  /** any other body that cannot be read */
  unreadable: () => DomainError;
}
/** An upload with its multer reader (in memory: the services read each file once), built once. */
interface Upload extends UploadSpec {
  read: RequestHandler;
}

function upload(spec: UploadSpec): Upload {
  const m = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: spec.maxBytes, files: spec.maxFiles, fields: spec.fields, fieldSize: spec.fieldSize },
  });
  return { ...spec, read: spec.maxFiles === 1 ? m.single(spec.field) : m.array(spec.field, spec.maxFiles) };
}

const refuse = (kind: DomainErrorKind, message: string) => () => new DomainError(kind, message);
const invalid = refuse('VALIDATION', MSG.server.validation);
const videoMissing = refuse('VALIDATION', MSG.face.videoMissing);

/** The face check's video; beside it only the challenge's id and step times, so a text field gets 1 KB. */
const VIDEO = upload({
  field: 'video',
  maxFiles: 1,
  maxBytes: MAX_VIDEO_BYTES,
  fields: 4,
  fieldSize: 1024,
  tooLarge: refuse('PAYLOAD_TOO_LARGE', MSG.face.videoTooLarge),
  fieldTooLarge: refuse('PAYLOAD_TOO_LARGE', MSG.server.tooLarge),
  unreadable: videoMissing,
});

/** A leave request's optional document image beside three short fields (a reason of 500 characters is under 2 KB of UTF-8). */
const LEAVE_DOCUMENT = upload({
  field: 'document',
  maxFiles: 1,
  maxBytes: MAX_IMAGE_BYTES,
  fields: 3,
  fieldSize: 2048,
  tooLarge: refuse('VALIDATION', MSG.leave.documentTooLarge),
  fieldTooLarge: refuse('PAYLOAD_TOO_LARGE', MSG.server.tooLarge),
  unreadable: invalid,
});

/** Registration's face photos beside the form's fields. */
const REGISTRATION_IMAGES = upload({
  field: 'images',
  maxFiles: FACE_IMAGES_REQUIRED,
  maxBytes: MAX_IMAGE_BYTES,
  fields: 12,
  fieldSize: 4096,
  tooLarge: refuse('VALIDATION', MSG.register.imagesTooLarge),
  wrongCount: refuse('VALIDATION', MSG.validation.imagesRequired),
  unreadable: invalid,
});

/** /update-user's new face photos (none, or all of them) beside a few fields. */
const ACCOUNT_IMAGES = upload({
  ...REGISTRATION_IMAGES,
  fields: 4,
  fieldSize: 1024,
  wrongCount: refuse('VALIDATION', MSG.admin.imagesNeedThree),
});

/** Issue 39: a roster CSV alone (its rows are bounded by the parser: ROSTER_MAX_ROWS). */
const ROSTER_CSV = upload({
  field: 'file',
  maxFiles: 1,
  maxBytes: ROSTER_MAX_BYTES,
  fields: 0,
  fieldSize: 0,
  tooLarge: refuse('PAYLOAD_TOO_LARGE', MSG.roster.fileTooLarge(ROSTER_MAX_BYTES / 1024)),
  unreadable: refuse('VALIDATION', MSG.roster.fileMissing),
});

function refusalOf(u: Upload, err: unknown): DomainError {
  if (!(err instanceof multer.MulterError)) return u.unreadable();
  if (err.code === 'LIMIT_FILE_SIZE') return u.tooLarge();
  if (err.code === 'LIMIT_FIELD_VALUE' && u.fieldTooLarge) return u.fieldTooLarge();
  if ((err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') && u.wrongCount) return u.wrongCount();
  return u.unreadable();
}

/** REST: the body read into memory (req.file or req.files, req.body) within the upload's limits, or its refusal. */
function readBody(u: Upload, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => u.read(req, res, (err: unknown) => (err ? reject(refusalOf(u, err)) : resolve())));
}

const filesOf = (req: Request) => ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({ buffer: f.buffer, size: f.size }));

/** REST: the face check's video and its fields; a missing or oversized file is refused. */
export async function receiveVideo(req: Request, res: Response) {
  await readBody(VIDEO, req, res);
  if (!req.file) throw videoMissing();
  return { video: req.file.buffer, fields: parseInput(ZFaceUploadFields, req.body ?? {}) };
}

/**
 * tRPC: a FormData's text fields within the upload's limits, the count and bytes multer holds REST's to, refused
 * alike; tRPC's own limit is only the whole body's.
 */
function checkFormFields(u: Upload, form: FormData) {
  let count = 0;
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    count += 1;
    if (count > u.fields) throw u.unreadable();
    if (Buffer.byteLength(value) > u.fieldSize) throw (u.fieldTooLarge ?? u.unreadable)();
  }
}

/** tRPC: the same from a FormData. */
export async function videoFromForm(form: FormData) {
  checkFormFields(VIDEO, form);
  const video = form.get(VIDEO.field);
  if (!(video instanceof Blob)) throw videoMissing();
  if (video.size > VIDEO.maxBytes) throw VIDEO.tooLarge();
  const fields = parseInput(ZFaceUploadFields, { challenge_id: form.get('challenge_id') ?? undefined, hints: form.get('hints') ?? undefined });
  return { video: Buffer.from(await video.arrayBuffer()), fields };
}

/** REST: a leave request's fields and its document, if one was sent. */
export async function receiveLeaveRequest(req: Request, res: Response) {
  await readBody(LEAVE_DOCUMENT, req, res);
  const fields = parseInput(ZLeaveRequestFields, req.body ?? {});
  return { fields, document: req.file ? { buffer: req.file.buffer, size: req.file.size } : null };
}

/** tRPC: the same from a FormData (an empty file is no document). */
export async function leaveRequestFromForm(form: FormData) {
  checkFormFields(LEAVE_DOCUMENT, form);
  const text = (k: string) => (typeof form.get(k) === 'string' ? form.get(k) : undefined);
  const fields = parseInput(ZLeaveRequestFields, { from_date: text('from_date'), to_date: text('to_date'), reason: text('reason') });
  const document = form.get(LEAVE_DOCUMENT.field);
  if (!(document instanceof Blob) || document.size === 0) return { fields, document: null };
  if (document.size > LEAVE_DOCUMENT.maxBytes) throw LEAVE_DOCUMENT.tooLarge();
  return { fields, document: { buffer: Buffer.from(await document.arrayBuffer()), size: document.size } };
}

/** REST: registration's fields (the service parses them) and face photos. */
export async function receiveRegistration(req: Request, res: Response) {
  await readBody(REGISTRATION_IMAGES, req, res);
  return { fields: req.body ?? {}, files: filesOf(req) };
}

/**
 * tRPC: the same from a FormData. The count and each photo's size are the service's to refuse; an oversized photo
 * is passed with its size and no bytes, so no more than the limit of it is ever buffered.
 */
export async function registrationFromForm(form: FormData) {
  checkFormFields(REGISTRATION_IMAGES, form);
  const fields: Record<string, string> = {};
  const files: { buffer: Buffer; size: number }[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === REGISTRATION_IMAGES.field) {
      files.push({ size: value.size, buffer: value.size > REGISTRATION_IMAGES.maxBytes ? Buffer.alloc(0) : Buffer.from(await value.arrayBuffer()) });
    }
  }
  return { fields, files };
}

/** REST: /update-user's fields (the service parses them) and new face photos, if any. */
export async function receiveAccountUpdate(req: Request, res: Response) {
  await readBody(ACCOUNT_IMAGES, req, res);
  return { fields: req.body ?? {}, files: filesOf(req) };
}

/** REST: a roster CSV's bytes; a missing or oversized file is refused. */
export async function receiveRosterCsv(req: Request, res: Response): Promise<Buffer> {
  await readBody(ROSTER_CSV, req, res);
  if (!req.file) throw ROSTER_CSV.unreadable();
  return req.file.buffer;
}

/** tRPC: the same from a FormData. */
export async function rosterCsvFromForm(form: FormData): Promise<Buffer> {
  checkFormFields(ROSTER_CSV, form);
  const file = form.get(ROSTER_CSV.field);
  if (!(file instanceof Blob)) throw ROSTER_CSV.unreadable();
  if (file.size > ROSTER_CSV.maxBytes) throw ROSTER_CSV.tooLarge();
  return Buffer.from(await file.arrayBuffer());
}
