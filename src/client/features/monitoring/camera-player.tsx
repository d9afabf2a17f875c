import { Box, Button, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_TOKEN_RENEW_MS, cameraChannel, cameraClosedText, otherParentsText, type RoomViewersDto, type ViewingSessionDto } from '../../../shared/schemas/cameras';
import { trpc } from '../../lib/trpc';
import { useRealtimeChannel } from '../../lib/use-realtime-channel';

type PlayerState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'playing'; session: ViewingSessionDto }
  | { kind: 'no-video' }
  | { kind: 'stopped'; message: string };

/** What the server said, in words for the person; a generic line when it said nothing. */
function problemDetail(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const problem = (error.data as { problem?: { detail?: string } } | undefined)?.problem;
    if (problem?.detail) return problem.detail;
  }
  return 'The camera could not be reached. Please try again in a moment.';
}

/** The address with this token as `?token=`, replacing any it had. */
function withToken(address: string, token: string): string {
  const url = new URL(address, window.location.href);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Plays a camera's live HLS: starts a viewing session on request, renews its token every 20 s,
 * and stops with the server's reason when a renewal or a segment is refused or the camera's /ws
 * channel says it closed. hls.js is loaded only here, when a stream is played, and adds the newest
 * token to every request; browsers that play HLS themselves (Safari on iOS) get the playlist
 * address without one and send the token cookie that starting and each renewal set.
 */
export function CameraPlayer({ cameraId, placeholder }: { cameraId: string; placeholder: React.ReactNode }) {
  const [state, setState] = useState<PlayerState>({ kind: 'idle' });
  // mutate and mutateAsync keep their identity across renders, so the effects below run once per stream.
  const { mutateAsync: startSession } = trpc.cameraAccess.start.useMutation();
  const { mutateAsync: renewToken } = trpc.cameraAccess.renew.useMutation();
  const { mutate: endSession } = trpc.cameraAccess.end.useMutation();
  const viewers = trpc.cameraAccess.viewers.useQuery(undefined, { enabled: state.kind !== 'playing' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const tokenRef = useRef('');
  const sessionRef = useRef<ViewingSessionDto | null>(null);

  const stop = useCallback((message: string) => {
    const session = sessionRef.current;
    sessionRef.current = null;
    if (session) endSession({ id: session.cameraId, sessionId: session.sessionId });
    setState({ kind: 'stopped', message });
  }, [endSession]);

  /** Asks for a fresh token; a refusal stops the player with the server's reason. */
  const renewNow = useCallback(async () => {
    const session = sessionRef.current;
    if (!session) return;
    try {
      const fresh = await renewToken({ id: session.cameraId, sessionId: session.sessionId });
      tokenRef.current = fresh.token;
    } catch (error) {
      stop(problemDetail(error));
    }
  }, [renewToken, stop]);

  const play = useCallback(async () => {
    setState({ kind: 'starting' });
    try {
      const session = await startSession({ id: cameraId });
      if (!session.hasVideo) {
        endSession({ id: session.cameraId, sessionId: session.sessionId });
        setState({ kind: 'no-video' });
        return;
      }
      tokenRef.current = session.token;
      sessionRef.current = session;
      setState({ kind: 'playing', session });
    } catch (error) {
      setState({ kind: 'stopped', message: problemDetail(error) });
    }
  }, [cameraId, startSession, endSession]);

  // Leaving the camera ends its session (the view mounts a new player for each camera).
  useEffect(() => {
    return () => {
      const session = sessionRef.current;
      sessionRef.current = null;
      if (session) endSession({ id: session.cameraId, sessionId: session.sessionId });
    };
  }, [cameraId, endSession]);

  const playing = state.kind === 'playing' ? state.session : null;

  // The stream itself, and the token's renewal.
  useEffect(() => {
    const video = videoRef.current;
    if (!playing || !video) return;
    let destroyed = false;
    let destroy = () => {};
    void (async () => {
      const { default: Hls } = await import('hls.js/light');
      if (destroyed) return;
      if (Hls.isSupported()) {
        const hls = new Hls({
          lowLatencyMode: true,
          // The segments are fragmented MP4, which need no transmuxing worker (and CSP allows none).
          enableWorker: false,
          // Every request carries the newest token.
          xhrSetup: (xhr, url) => xhr.open('GET', withToken(url, tokenRef.current), true),
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          // A refused request: ask why (the renewal answers with the reason) or carry on.
          if (data.response?.code === 403 || data.fatal) void renewNow().then(() => sessionRef.current && data.fatal && hls.startLoad());
        });
        hls.loadSource(withToken(playing.playlistUrl, tokenRef.current));
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        // The browser keeps the address it is given for the whole stream, so it carries no token:
        // the renewals below set the newest as the camera's cookie, which goes with every request.
        video.src = playing.playlistUrl;
        // A refused request stops native playback: ask why (the renewal answers with the reason)
        // or, when still allowed, load the stream again with the fresh cookie (at most every 5 s).
        let retriedAt = 0;
        const onError = () => {
          if (Date.now() - retriedAt < 5_000) return;
          retriedAt = Date.now();
          void renewNow().then(() => {
            if (!sessionRef.current || destroyed) return;
            video.src = playing.playlistUrl;
            void video.play().catch(() => {});
          });
        };
        video.addEventListener('error', onError);
        destroy = () => {
          video.removeEventListener('error', onError);
          video.removeAttribute('src');
        };
      } else {
        stop('This browser cannot play live video.');
        return;
      }
      video.muted = true;
      void video.play().catch(() => {});
    })();
    const renewing = setInterval(() => void renewNow(), CAMERA_TOKEN_RENEW_MS);
    return () => {
      destroyed = true;
      clearInterval(renewing);
      destroy();
    };
  }, [playing, renewNow, stop]);

  // The camera's channel, while playing (a departure, a pause or the camera switched off stops
  // the player) and once stopped (the camera opening again offers to watch again); an idle page
  // opens no second connection. A rejoin names the last event seen, so a departure announced
  // while the signal was lost is replayed and still checked.
  const listening = state.kind === 'playing' || state.kind === 'stopped';
  useRealtimeChannel(listening ? cameraChannel(cameraId) : null, {
    catchUp: true,
    onMessage: (message) => {
      // All cameras of a room share the channel: a message may be about another one.
      if (message.type !== 'camera_closed' && message.type !== 'camera_opened') return;
      if (message.cameraId !== undefined && message.cameraId !== cameraId) return;
      if (message.type === 'camera_opened') {
        setState((current) => (current.kind === 'stopped' ? { kind: 'idle' } : current));
      } else if (message.reason === 'departed') {
        // A departure closes the camera for the family unless another of their children is
        // still in the room: the renewal finds out, and says whose departure it was.
        void renewNow();
      } else if (sessionRef.current) {
        stop(cameraClosedText(message.reason));
      }
    },
  });

  const room = viewers.data?.find((candidate) => candidate.cameraIds.includes(cameraId));

  if (state.kind === 'playing') {
    return (
      <Box component="video" ref={videoRef} muted playsInline autoPlay aria-label="Live camera" data-testid="camera-video" w="100%" h="100%" style={{ objectFit: 'cover', display: 'block', background: '#000' }} />
    );
  }
  return (
    // Clear of the caption above and the controls below, also on a phone's small video area.
    <Stack align="center" justify="center" gap="xs" h="100%" px="md" pt={44} pb={56} ta="center">
      {state.kind === 'stopped' ? (
        <>
          <Box visibleFrom="sm">
            <IconVideo size={36} stroke={1.3} opacity={0.7} aria-hidden />
          </Box>
          <Text fz={{ base: 'xs', sm: 'sm' }} fw={500} maw={420} role="status" data-testid="camera-message">
            {state.message}
          </Text>
          <Button size="xs" variant="white" color="dark" onClick={() => void play()}>
            Try again
          </Button>
        </>
      ) : state.kind === 'no-video' ? (
        placeholder
      ) : (
        <>
          <Box visibleFrom="sm">{placeholder}</Box>
          <Button size="xs" variant="white" color="dark" leftSection={<IconPlayerPlay size={14} aria-hidden />} loading={state.kind === 'starting'} onClick={() => void play()}>
            Watch live
          </Button>
          {room && <WhoWatched today={room.today} />}
        </>
      )}
    </Stack>
  );
}

/** "Watched today: Priya Raman (staff), Sarah Thompson · 3 other parents watched today". */
function WhoWatched({ today }: { today: RoomViewersDto['today'] }) {
  const names = today.named.map((viewer) => (viewer.kind === 'staff' ? `${viewer.name} (staff)` : viewer.name));
  return (
    <Text size="xs" opacity={0.85} maw={460} visibleFrom="sm">
      {names.length > 0 ? `Watched today: ${names.join(', ')}. ` : ''}
      {otherParentsText(today.otherParents, 'today')}
    </Text>
  );
}
