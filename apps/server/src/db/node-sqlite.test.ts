import { describe, expect, it } from 'vitest';
import { openNodeSqlite } from './node-sqlite.ts';

describe('node:sqlite adapter', () => {
  it('reuses prepared statements per SQL text, keeps at most the cache size, and answers correctly after reuse', () => {
    const db = openNodeSqlite(':memory:', 3);
    db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)').run([]);
    const insert = 'INSERT INTO t (id, name) VALUES (?, ?)';
    for (let i = 1; i <= 5; i++) db.prepare(insert).run([i, `n${i}`]);
    const select = 'SELECT name FROM t WHERE id = ?';
    expect(db.prepare(select).all([2])).toEqual([{ name: 'n2' }]);
    expect(db.prepare(select).all([4])).toEqual([{ name: 'n4' }]);
    expect(db.prepare(select).reader).toBe(true);
    expect(db.prepare(insert).reader).toBe(false);
    expect(db.cachedStatements()).toBe(3);
    for (let i = 0; i < 10; i++) db.prepare(`SELECT ${i} AS v`).all([]);
    expect(db.cachedStatements()).toBe(3);
    // An evicted statement is prepared again and still right; booleans, dates and undefined are bound as before.
    expect(db.prepare(select).all([5])).toEqual([{ name: 'n5' }]);
    expect(
      db.prepare('SELECT ? AS a, ? AS b, ? AS c').all([true, new Date('2026-11-23T00:00:00.000Z'), undefined]),
    ).toEqual([{ a: 1, b: '2026-11-23T00:00:00.000Z', c: null }]);
    db.close();
  });

  it('iterates a cached statement again from the start', () => {
    const db = openNodeSqlite(':memory:');
    const sql = 'SELECT value FROM json_each(?)';
    expect([...db.prepare(sql).iterate(['[1,2,3]'])]).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    expect([...db.prepare(sql).iterate(['[4]'])]).toEqual([{ value: 4 }]);
    db.close();
  });
});
