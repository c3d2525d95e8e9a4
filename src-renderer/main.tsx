// Entry of the desk UI. The screens arrive with the station UI issue; until then the window names the app.
import React from 'react';
import { createRoot } from 'react-dom/client';

function App(): React.JSX.Element {
  return (
    <main>
      <h1>Shipping Station</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
