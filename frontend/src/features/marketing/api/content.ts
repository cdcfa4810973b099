/** Marketing copy (seed §1/§3: benefits, six-step guide, FAQ, testimonials). Static: it ships with the SPA. */
export const BENEFITS = [
  { title: 'Proven traders, real statistics', text: 'Win rate, 30-day ROI, drawdown and follower counts are computed from closed trades — not from promises.' },
  { title: 'Proportional copying', text: 'Every trade is sized from your own equity, so a $100 account and a $100,000 account follow the same strategy.' },
  { title: 'You stay in control', text: 'Pause, stop, add or take back funds at any time. A stop-loss limit protects each copy.' },
  { title: 'An auditable ledger', text: 'Every cent moves through a double-entry ledger that is checked continuously. Nothing appears or disappears.' },
];

export const STEPS = [
  { title: 'Create your account', text: 'Sign up with your email and confirm it with the 6-digit code we send you.' },
  { title: 'Verify your identity', text: 'Upload an identity document and a selfie. Verification keeps the platform safe for everyone.' },
  { title: 'Fund your wallet', text: 'Request a deposit. Once approved, the amount appears as available balance.' },
  { title: 'Choose a trader', text: 'Compare traders by ROI, accuracy, drawdown, strategy and profit share.' },
  { title: 'Copy with an amount', text: 'Allocate an amount (from $10) to the trader. Each of their trades is copied in proportion.' },
  { title: 'Track and adjust', text: 'Follow every copied position and its PnL from your dashboard; pause or stop whenever you like.' },
];

export const FAQ = [
  { q: 'What is copy trading?', a: 'Copy trading lets you automatically replicate the trades of an experienced trader in your own account. When they open or close a position, a proportional position is opened or closed for you.' },
  { q: 'How much do I need to start?', a: 'The minimum allocation to one trader is $10.00. You can follow several traders and add funds to a copy at any time.' },
  { q: 'How are my positions sized?', a: 'When a trader opens a trade they commit a percentage of equity. The same percentage of the free equity of your copy is committed to the copied position.' },
  { q: 'How do traders earn?', a: 'Each trader sets a profit share (up to 50%). It is only charged on new gains above your copy’s previous high, never on losses.' },
  { q: 'Can I lose money?', a: 'Yes. Copied trades can lose money, and past performance is no guarantee of future results. Only allocate what you can afford to lose.' },
  { q: 'Can I stop copying?', a: 'Yes. Pause to stop new trades being copied, or stop the copy: open positions close with the trader’s trades and the remaining equity returns to your balance.' },
];

export const TESTIMONIALS = [
  { name: 'Amara Okafor', occupation: 'Nurse', text: 'I never had the time to learn chart analysis. With Mirrorline I follow two traders whose statistics I can actually check.' },
  { name: 'Lukas Brenner', occupation: 'Software engineer', text: 'The proportional sizing is what sold me: my small account behaves exactly like the trader’s, just smaller.' },
  { name: 'Sofia Marquez', occupation: 'Small business owner', text: 'Deposits and withdrawals are clear, every transaction has a status, and support answered the same day.' },
];
