/** The currencies a product may be priced in (the providers' and the shop's regions'). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'CNY', 'TWD', 'BRL', 'IDR', 'THB', 'VND', 'TRY', 'PLN', 'RUB'];
