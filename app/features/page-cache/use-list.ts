/** One stored page in the cache's map and in its order of use. */
export interface UseNode<T> {
  key: string;
  page: T;
  older: UseNode<T> | null;
  newer: UseNode<T> | null;
}

/** A doubly linked list of the cached pages, oldest use first: every operation takes constant time. */
export class UseList<T> {
  oldest: UseNode<T> | null = null;
  private newest: UseNode<T> | null = null;

  addNewest(node: UseNode<T>) {
    node.older = this.newest;
    node.newer = null;
    if (this.newest) this.newest.newer = node;
    else this.oldest = node;
    this.newest = node;
  }

  unlink(node: UseNode<T>) {
    if (node.older) node.older.newer = node.newer;
    else this.oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.newest = node.older;
    node.older = node.newer = null;
  }

  moveToNewest(node: UseNode<T>) {
    if (node === this.newest) return;
    this.unlink(node);
    this.addNewest(node);
  }

  clear() {
    this.oldest = this.newest = null;
  }
}
