/**
 * What a node keeps per user of its sockets, kept small (issue 13: memory per idle connection): a map per tenant
 * of maps by user id, so no key string is made per user, and a user's one value held as itself, several in an
 * array (a user has a few sockets at most; an array or the value itself is smaller than a Set or a Map).
 */
export class ByUser<T extends object> {
  private readonly tenants = new Map<string, Map<string, T | T[]>>();

  /** The user's values (a copy). */
  get(tenantId: string, userId: string): T[] {
    const v = this.tenants.get(tenantId)?.get(userId);
    return v === undefined ? [] : Array.isArray(v) ? [...v] : [v];
  }

  add(tenantId: string, userId: string, value: T): void {
    let users = this.tenants.get(tenantId);
    if (!users) this.tenants.set(tenantId, (users = new Map()));
    const v = users.get(userId);
    if (v === undefined) users.set(userId, value);
    else if (Array.isArray(v)) v.push(value);
    else users.set(userId, [v, value]);
  }

  /** Removes one value; false when the user did not hold it. */
  remove(tenantId: string, userId: string, value: T): boolean {
    return this.removeWhere(tenantId, userId, (x) => x === value);
  }

  /** Removes the user's first value that matches; false when none does. */
  removeWhere(tenantId: string, userId: string, match: (value: T) => boolean): boolean {
    const users = this.tenants.get(tenantId);
    const v = users?.get(userId);
    if (!users || v === undefined) return false;
    if (!Array.isArray(v)) {
      if (!match(v)) return false;
      users.delete(userId);
      if (users.size === 0) this.tenants.delete(tenantId);
      return true;
    }
    const at = v.findIndex(match);
    if (at < 0) return false;
    v.splice(at, 1);
    if (v.length === 1) users.set(userId, v[0]!);
    return true;
  }

  /** Every value, of every user. */
  all(): T[] {
    const out: T[] = [];
    for (const users of this.tenants.values())
      for (const v of users.values()) {
        if (Array.isArray(v)) out.push(...v);
        else out.push(v);
      }
    return out;
  }

  clear(): void {
    this.tenants.clear();
  }
}
