/**
 * The baseline of bench/web.bench.ts: a plain React page of 30 list items (no UI library, no router, no data
 * calls), built by Vite with the same React as the portal and served the same way.
 */
import { createRoot } from 'react-dom/client';

const items = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `服务事项 ${i + 1}`, dept: `部门 ${(i % 6) + 1}` }));

function Page() {
  return (
    <main style={{ fontFamily: 'sans-serif', maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <h1>网上办事服务大厅</h1>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {items.map((it) => (
          <li key={it.id} style={{ padding: '10px 0', borderBottom: '1px solid #eee' }}>
            <strong>{it.name}</strong> <span style={{ color: '#555' }}>{it.dept}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
