/** numeric(24,8) comes back as "1.08500000": trailing zeros are noise on the wire. */
export const trimDecimal = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
