import { ArrowLeft } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROOM_CODE_WINDOW_SECONDS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { formatCountdown } from '@/lib/format';
import { useRoomCode } from './use-room-code';

/** Where students type the code, without the code itself (it changes; the QR carries it). */
const typingAddress = (url: string) => {
  const u = new URL(url);
  return `${u.host}${u.pathname}`;
};

/**
 * The projector view: white on near-black (well past WCAG AA), the code in a monospace face with wide spacing, the QR
 * on a white quiet zone so phone cameras read it, a countdown to the next code and the session's time left.
 */
export function RoomCodeView() {
  const room = useRoomCode();
  const { data } = room;
  return (
    <div className="flex min-h-svh flex-col bg-slate-950 text-white">
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-8">
        <Link
          to="/teacher-dashboard"
          className="inline-flex items-center gap-2 rounded text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {MSG.roomCode.backToDashboard}
        </Link>
        {data && <span className="truncate text-lg font-semibold sm:text-2xl">{data.department_name}</span>}
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-8 sm:px-8">
        {data ? (
          <div className="grid w-full max-w-7xl items-center gap-8 lg:grid-cols-[1fr_auto] lg:gap-16">
            <section className="grid justify-items-center gap-6 text-center lg:justify-items-start lg:text-left" aria-labelledby="room-code-title">
              <h1 id="room-code-title" className="text-xl font-medium text-slate-300 sm:text-3xl">
                {MSG.roomCode.viewTitle}
              </h1>
              {/* Six characters at about 0.8em each: 14vw alone on a phone, 9vw beside a QR of 40vw from 1024 px up. */}
              <p
                data-testid="room-code"
                className="font-mono text-[clamp(3rem,14vw,11rem)] leading-none font-bold tracking-[0.2em] tabular-nums lg:text-[clamp(3rem,9vw,11rem)]"
              >
                {data.code}
              </p>
              <Countdown seconds={room.nextChange ?? 0} />
              <p className="max-w-xl text-base text-slate-300 sm:text-2xl">{MSG.roomCode.viewIntro}</p>
              <p className="text-base text-slate-300 sm:text-xl">{MSG.roomCode.typeAt(typingAddress(data.url))}</p>
              {room.sessionLeft !== null && (
                <p className="text-lg sm:text-2xl">
                  <span className="text-slate-300">{MSG.roomCode.sessionLeft}: </span>
                  <span className="font-semibold tabular-nums" data-testid="room-code-session-left">
                    {formatCountdown(room.sessionLeft)}
                  </span>
                </p>
              )}
            </section>
            <figure
              className="mx-auto w-full max-w-[min(80vw,34rem)] rounded-2xl bg-white p-3 sm:p-5 lg:w-[min(40vw,60vh,34rem)]"
              data-testid="room-code-qr"
              data-url={data.url}
            >
              <QRCodeSVG value={data.url} size={512} marginSize={2} level="M" title={MSG.roomCode.qrAlt} style={{ width: '100%', height: 'auto' }} />
            </figure>
          </div>
        ) : (
          <Notice>{room.notice ?? (room.reconnecting ? MSG.roomCode.reconnecting : MSG.roomCode.loading)}</Notice>
        )}
      </main>
      {data && room.reconnecting && <p className="px-4 pb-4 text-center text-amber-300">{MSG.roomCode.reconnecting}</p>}
    </div>
  );
}

function Countdown({ seconds }: { seconds: number }) {
  const share = Math.min(1, Math.max(0, seconds / ROOM_CODE_WINDOW_SECONDS));
  return (
    <div className="grid w-full max-w-md gap-2">
      <p className="text-xl font-semibold tabular-nums sm:text-3xl" data-testid="room-code-next">
        {MSG.roomCode.nextIn(seconds)}
      </p>
      <div aria-hidden className="h-2 overflow-hidden rounded-full bg-slate-800">
        <div
          className="h-full rounded-full bg-sky-400 transition-[width] duration-1000 ease-linear motion-reduce:transition-none"
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="max-w-2xl text-center text-2xl font-medium sm:text-4xl" data-testid="room-code-notice">
      {children}
    </p>
  );
}
