import type { FaceEngine } from './face/index';
import type { TokenService } from './auth/tokens';
import type { DB } from './db/connect';
import type { AppConfig } from './env';
import type { Clock } from './lib/clock';
import type { UrlSigner } from './lib/url-signer';
import type { AttemptLog } from './services/attempt-log';
import type { LoginGuard } from './services/login-guard';
import type { RegistrationLimit } from './services/registration-limit';

/** Everything a request may need, built once by main.ts (or a test) and passed down explicitly. */
export interface AppDeps {
  db: DB;
  config: AppConfig;
  clock: Clock;
  tokens: TokenService;
  face: FaceEngine;
  loginGuard: LoginGuard;
  urls: UrlSigner;
  attempts: AttemptLog;
  registrations: RegistrationLimit;
}
