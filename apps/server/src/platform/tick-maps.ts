import { createHook } from 'node:async_hooks';

// Keeps one entry of process.nextTick's queue alive for the life of the process. Imported first
// by main.ts: it must run before the server starts, whose full collections would do the harm.
//
// Node 20's nextTick builds each entry as an object literal with computed keys,
// `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`, and V8 records the
// hidden class (map) each key is added to only weakly. When a full collection runs while no entry
// is queued, as it does during the server's start, those maps die, the next entry gets new ones,
// and V8 marks the three later keys megamorphic for good: from then on every nextTick, several per
// HTTP request in Node's streams, adds them through the runtime's slow path. That cost an
// authenticated API call about a tenth of its rate (bench/api; see bench/README.md). An entry
// that stays alive keeps its map, and with it (through each map's link to its parent) every map
// on the way, so the literal stays on its fast path.

/** Holds the entry: a module's variables live as long as the process. */
const kept: object[] = [];
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject' && kept.length === 0) kept.push(resource);
  },
});
hook.enable();
process.nextTick(() => {});
hook.disable();
