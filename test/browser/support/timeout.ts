// Browser specs click through several screens against a real server. A bound on a hung test, sized for a loaded
// machine, not a speed target (spa-quality's admin pass took over 120 s at a load average of 12–15 on 2 cores).
jest.setTimeout(300_000);
