import { BrowserRouter, Route, Routes } from 'react-router-dom';

function Home() {
  return (
    <main>
      <h1>Mirrorline</h1>
      <p>Copy the trades of proven traders, in proportion to what you put in.</p>
    </main>
  );
}

function NotFound() {
  return (
    <main>
      <h1>Page not found</h1>
    </main>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
