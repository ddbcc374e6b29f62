import express, { Router } from 'express';
import { ZContactInboxInput } from '@shared/schemas/admin';
import { ZContactMessageInput } from '@shared/schemas/accounts/contact';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { listContactMessages, saveContactMessage } from '@server/services/accounts/index';
import { handle, requireUser } from '../http';

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
      // Before the inbox this answered every message: without ?view= it still does.
      res.json(await listContactMessages(deps, parseInput(ZContactInboxInput, { view: 'all', ...req.query })));
    }),
  );
  return r;
}
