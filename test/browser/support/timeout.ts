// Browser specs click through several screens against a real server: give each test two minutes.
jest.setTimeout(120_000);
