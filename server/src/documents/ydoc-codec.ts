// ProseMirror documents in Yjs: a Y.Doc holds the tree in the XmlFragment `prosemirror` (the name
// y-prosemirror's editor binding uses), so a collaborative editor can work on the same updates.
import type { Node as PMNode } from 'prosemirror-model';
import { prosemirrorToYXmlFragment, updateYFragment, yXmlFragmentToProseMirrorRootNode } from 'y-prosemirror';
import * as Y from 'yjs';
import { schema } from './schema.js';

// Stryker disable next-line StringLiteral: the Yjs fragment's name, for collaborative editors; every read and write uses the same one
export const FRAGMENT_NAME = 'prosemirror';

/** A Y.Doc built from stored updates (in any order; Yjs merges them). */
export function loadYDoc(updates: readonly Uint8Array[]): Y.Doc {
  const ydoc = new Y.Doc();
  if (updates.length === 1) Y.applyUpdate(ydoc, updates[0] as Uint8Array);
  else if (updates.length > 1) Y.applyUpdate(ydoc, Y.mergeUpdates(updates as Uint8Array[]));
  return ydoc;
}

/** The ProseMirror document a Y.Doc holds. */
export function yDocToNode(ydoc: Y.Doc): PMNode {
  return yXmlFragmentToProseMirrorRootNode(ydoc.getXmlFragment(FRAGMENT_NAME), schema);
}

/**
 * Replaces the content of a Y.Doc with `doc` in one Yjs transaction, changing only what differs
 * (y-prosemirror's updateYFragment), and answers the Yjs update of the change, or null when
 * nothing changed. Should the diff not give exactly `doc`, the content is replaced outright; the
 * update answered covers both, so whoever applies it sees only the final content.
 */
export function replaceContent(ydoc: Y.Doc, doc: PMNode): Uint8Array | null {
  const updates: Uint8Array[] = [];
  const onUpdate = (update: Uint8Array) => updates.push(update);
  ydoc.on('update', onUpdate);
  try {
    const fragment = ydoc.getXmlFragment(FRAGMENT_NAME);
    ydoc.transact(() => updateYFragment(ydoc, fragment, doc, { mapping: new Map(), isOMark: new Map() }));
    if (!yDocToNode(ydoc).eq(doc)) {
      ydoc.transact(() => {
        fragment.delete(0, fragment.length);
        prosemirrorToYXmlFragment(doc, fragment);
      });
      if (!yDocToNode(ydoc).eq(doc)) throw new Error('the Yjs document does not hold the content written');
    }
  } finally {
    ydoc.off('update', onUpdate);
  }
  if (updates.length === 0) return null;
  return updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates);
}

/** The whole state of a Y.Doc as one update (deleted content garbage-collected). */
export function compactState(ydoc: Y.Doc): Uint8Array {
  return Y.encodeStateAsUpdate(ydoc);
}
