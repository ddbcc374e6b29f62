import express, { Router } from 'express';
import { z } from 'zod';
import { ZContactMessageInput } from '../../shared/schemas/contact';
import type { AppDeps } from '../deps';
import { parseInput } from '../lib/errors';
import { listContactMessages, saveContactMessage } from '../services/contact-messages';
import { handle, requireUser } from './http';

const ZPage = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(20) });

/** POST /api/contact (public contact form, stored) and GET /api/admin/contact_messages (admins read them). */
export function contactRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post(
    '/contact',
    express.json({ limit: '10kb' }),
    handle(async (req, res) => {
      const input = parseInput(ZContactMessageInput, req.body);
      await deps.contactMessages.consume(req.ip ?? 'unknown');
      res.status(201).json(await saveContactMessage(deps, input));
    }),
  );
  r.get(
    '/admin/contact_messages',
    requireUser(deps, 'admin'),
    handle(async (req, res) => {
      res.json(await listContactMessages(deps, parseInput(ZPage, req.query)));
    }),
  );
  return r;
}
