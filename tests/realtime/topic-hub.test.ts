import { EventEmitter } from 'node:events';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MAX_BUFFERED_BYTES, TopicHub, type HubSocket } from '../../src/server/realtime/topic-hub';

/** Stands in for a `ws` socket: records what the hub does to it. */
class RecordingSocket extends EventEmitter implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  closedWith: [number, string] | undefined;

  send(data: Buffer) {
    this.sent.push(String(data));
  }
  ping() {
    this.pings += 1;
  }
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
}

const hubWithLogger = () => new TopicHub(pino({ level: 'silent' }));

describe('TopicHub', () => {
  it('sends one frame to every member listening to a topic, whichever channel led them there', () => {
    const hub = hubWithLogger();
    const main = new RecordingSocket();
    const garden = new RecordingSocket();
    const elsewhere = new RecordingSocket();
    hub.join(hub.add(main), 'classroom-3b', 'room:2');
    hub.join(hub.add(garden), 'classroom-3b-garden', 'room:2');
    hub.join(hub.add(elsewhere), 'classroom-3a', 'room:1');

    expect(hub.broadcast('room:2', Buffer.from('{"type":"activity"}'))).toBe(2);
    expect(main.sent).toEqual(['{"type":"activity"}']);
    expect(garden.sent).toEqual(['{"type":"activity"}']);
    expect(elsewhere.sent).toEqual([]);
  });

  it('holds a member’s frames during a replay and sends the replay first, then what was held, then live frames', () => {
    const hub = hubWithLogger();
    const socket = new RecordingSocket();
    const other = new RecordingSocket();
    const member = hub.add(socket);
    hub.join(member, 'classroom-3b', 'room:2');
    hub.join(hub.add(other), 'classroom-3b', 'room:2');
    const hold = hub.hold(member);
    hub.broadcast('room:2', Buffer.from('live 1'));
    expect(socket.sent).toEqual([]);
    expect(other.sent).toEqual(['live 1']);
    hub.release(member, hold, [Buffer.from('missed 1'), Buffer.from('missed 2')]);
    hub.broadcast('room:2', Buffer.from('live 2'));
    expect(socket.sent).toEqual(['missed 1', 'missed 2', 'live 1', 'live 2']);
  });

  it('drops a hold when the member joins another topic, so a late replay for the old one is not sent', () => {
    const hub = hubWithLogger();
    const socket = new RecordingSocket();
    const member = hub.add(socket);
    hub.join(member, 'classroom-3b', 'room:2');
    const hold = hub.hold(member);
    hub.broadcast('room:2', Buffer.from('for 3b'));
    hub.join(member, 'classroom-3a', 'room:1');
    hub.broadcast('room:1', Buffer.from('for 3a'));
    hub.release(member, hold, [Buffer.from('missed in 3b')]);
    expect(socket.sent).toEqual(['for 3a']);
  });

  it('sends only to the listeners whose owner the audience accepts', () => {
    const hub = new TopicHub<{ family: string }>(pino({ level: 'silent' }));
    const ours = new RecordingSocket();
    const theirs = new RecordingSocket();
    hub.join(hub.add(ours, { family: 'ours' }), 'classroom-3b', 'room:2');
    hub.join(hub.add(theirs, { family: 'theirs' }), 'classroom-3b', 'room:2');

    expect(hub.broadcast('room:2', Buffer.from('x'), (owner) => owner.family === 'ours')).toBe(1);
    expect(ours.sent).toEqual(['x']);
    expect(theirs.sent).toEqual([]);
  });

  it('closes a member whose unsent data passed 1 MiB instead of buffering more', () => {
    const hub = hubWithLogger();
    const slow = new RecordingSocket();
    const fine = new RecordingSocket();
    hub.join(hub.add(slow), 'classroom-3b', 'room:2');
    hub.join(hub.add(fine), 'classroom-3b', 'room:2');
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;

    expect(hub.broadcast('room:2', Buffer.from('x'))).toBe(1);
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toEqual([]);
    expect(fine.sent).toEqual(['x']);
    expect(hub.size).toBe(1);
  });

  it('keeps a member at exactly 1 MiB buffered', () => {
    const hub = hubWithLogger();
    const socket = new RecordingSocket();
    hub.join(hub.add(socket), 'classroom-3b', 'room:2');
    socket.bufferedAmount = MAX_BUFFERED_BYTES;
    hub.broadcast('room:2', Buffer.from('x'));
    expect(socket.terminated).toBe(false);
    expect(socket.sent).toEqual(['x']);
  });

  it('pings every member, and drops one that did not answer the previous ping', () => {
    const hub = hubWithLogger();
    const answers = new RecordingSocket();
    const silent = new RecordingSocket();
    hub.add(answers);
    hub.join(hub.add(silent), 'classroom-3b', 'room:2');

    hub.sweep();
    expect([answers.pings, silent.pings]).toEqual([1, 1]);
    answers.emit('pong');
    hub.sweep();
    expect(answers.terminated).toBe(false);
    expect(answers.pings).toBe(2);
    expect(silent.terminated).toBe(true);
    expect(hub.hasListeners('room:2')).toBe(false);
  });

  it('forgets a member once its socket closes', () => {
    const hub = hubWithLogger();
    const socket = new RecordingSocket();
    hub.join(hub.add(socket), 'classroom-3b', 'room:2');
    socket.emit('close');
    expect(hub.size).toBe(0);
    expect(hub.hasListeners('room:2')).toBe(false);
  });

  it('closes every member with the code it is given', () => {
    const hub = hubWithLogger();
    const joined = new RecordingSocket();
    const waiting = new RecordingSocket();
    hub.join(hub.add(joined), 'classroom-3b', 'room:2');
    hub.add(waiting);
    hub.closeAll(1001, 'restarting');
    expect(joined.closedWith).toEqual([1001, 'restarting']);
    expect(waiting.closedWith).toEqual([1001, 'restarting']);
  });
});
