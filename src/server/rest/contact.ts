import express, { Router } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { MSG } from '../../shared/messages';
import { ZContactMessageInput } from '../../shared/schemas/contact';
import type { AppDeps } from '../deps';
import { DomainError, parseInput } from '../lib/errors';
import { listContactMessages, saveContactMessage } from '../services/contact-messages';
import { handle, requireUser } from './http';

/** A visitor may send this many messages an hour from one address: enough for people, not for a flood. */
const MESSAGES_PER_HOUR = 5;
const ZPage = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(20) });

/** POST /api/contact (public contact form, stored) and GET /api/admin/contact_messages (admins read them). */
export function contactRoutes(deps: AppDeps): Router {
  const r = Router();
  const perAddress = new RateLimiterMemory({ keyPrefix: 'contact', points: MESSAGES_PER_HOUR, duration: 3600 });
  r.post(
    '/contact',
    express.json({ limit: '10kb' }),
    handle(async (req, res) => {
      const input = parseInput(ZContactMessageInput, req.body);
      const limited = await perAddress.consume(req.ip ?? 'unknown').then(
        () => null,
        (hit: { msBeforeNext?: number }) => hit,
      );
      if (limited)
        throw new DomainError('TOO_MANY_REQUESTS', MSG.contact.tooMany, { retryAfterSeconds: Math.max(1, Math.ceil((limited.msBeforeNext ?? 1000) / 1000)) });
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
