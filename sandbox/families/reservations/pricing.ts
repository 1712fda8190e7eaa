/**
 * Server-side order pricing (spec 4.1 and 7): the server computes every order line from the catalog,
 * by delivery type and with modifiers, rounds to two decimals and rejects what it cannot accept.
 * Prices are gross (tax included), so `taxes` is the tax contained in the subtotal.
 */
import {
	describeFault,
	negativeFault,
	roundCents,
	totalTooLarge,
	type MoneyFault,
} from '../../money';
import { ApiProblem, badRequest } from '../../problems';
import type {
	DeliveryType,
	OnlineOrder,
	OrderItem,
	Product,
	ProductGroup,
} from '../../store/types';

export interface OrderRequest {
	orderItems?: Array<{
		productId: string;
		amount?: number | null;
		modifiers?: Array<{ productId: string; amount?: number | null }> | null;
	}> | null;
	note?: string | null;
	tips?: number | null;
	total?: number | null;
}

interface Catalog {
	products: Map<string, Product>;
	productGroups: Map<string, ProductGroup>;
}

function reject(v: MoneyFault): ApiProblem {
	return badRequest(v.code, `Order rejected: ${describeFault(v)}.`);
}

/** What the caller sent that is wrong before any price is looked up: negative amounts and tips. */
function inputFault(request: OrderRequest): MoneyFault | undefined {
	const faults = (request.orderItems ?? []).flatMap((item, i) => [
		negativeFault(`order.orderItems[${i}].amount`, item.amount, 'invalid_quantity'),
		...(item.modifiers ?? []).map((m, j) =>
			negativeFault(`order.orderItems[${i}].modifiers[${j}].amount`, m.amount, 'invalid_quantity'),
		),
	]);
	faults.push(
		negativeFault('order.tips', request.tips, 'invalid_amount'),
		negativeFault('order.total', request.total, 'invalid_amount'),
	);
	return faults.find(Boolean);
}

function unitPrice(product: Product, deliveryType: DeliveryType): number {
	if (deliveryType === 'takeaway') return product.takeawayPrice ?? product.price;
	if (deliveryType === 'delivery') return product.deliveryPrice ?? product.price;
	return product.price;
}

function taxRate(product: Product, catalog: Catalog, deliveryType: DeliveryType): number {
	const group = product.groupId ? catalog.productGroups.get(product.groupId) : undefined;
	const pick = (p: {
		taxeRate: number | null;
		takeawayTaxeRate: number | null;
		deliveryTaxeRate: number | null;
	}) =>
		deliveryType === 'takeaway'
			? p.takeawayTaxeRate
			: deliveryType === 'delivery'
				? p.deliveryTaxeRate
				: p.taxeRate;
	return pick(product) ?? (group ? pick(group) : null) ?? 0;
}

function pricedProduct(
	catalog: Catalog,
	productId: string,
	field: string,
	deliveryType: DeliveryType,
): { product: Product; price: number } {
	const product = catalog.products.get(productId);
	if (!product)
		throw badRequest(
			'unknown_product',
			`Order rejected: ${field} "${productId}" is not a product of this restaurant.`,
		);
	const price = unitPrice(product, deliveryType);
	if (price < 0) {
		throw badRequest(
			'invalid_price',
			`Order rejected: product "${product.name}" (${productId}) has a price below zero (${price}) in the menu.`,
		);
	}
	return { product, price };
}

export function priceOrder(
	request: OrderRequest,
	deliveryType: DeliveryType,
	catalog: Catalog,
): OnlineOrder {
	const wrongInput = inputFault(request);
	if (wrongInput) throw reject(wrongInput);

	let subTotal = 0;
	let taxes = 0;
	const orderItems: OrderItem[] = (request.orderItems ?? []).map((line, i) => {
		const field = `order.orderItems[${i}]`;
		const { product, price } = pricedProduct(
			catalog,
			line.productId,
			`${field}.productId`,
			deliveryType,
		);
		const amount = line.amount ?? 1;
		const modifiers = (line.modifiers ?? []).map((m, j) => {
			const priced = pricedProduct(
				catalog,
				m.productId,
				`${field}.modifiers[${j}].productId`,
				deliveryType,
			);
			return {
				productId: m.productId,
				amount: m.amount ?? 1,
				name: priced.product.name,
				unitPrice: priced.price,
			};
		});
		const perUnit = price + modifiers.reduce((sum, m) => sum + m.unitPrice * m.amount, 0);
		const total = roundCents(perUnit * amount);
		const rate = taxRate(product, catalog, deliveryType);
		subTotal += total;
		taxes += (total * rate) / (100 + rate);
		return {
			productId: line.productId,
			amount,
			modifiers,
			name: product.name,
			unitPrice: price,
			total,
		};
	});

	const tips = roundCents(request.tips ?? 0);
	const total = roundCents(subTotal + tips);
	const totalViolation =
		negativeFault('order.total', total, 'invalid_amount') ?? totalTooLarge('order.total', total);
	if (totalViolation) throw reject(totalViolation);
	return {
		orderItems,
		note: request.note ?? null,
		subTotal: roundCents(subTotal),
		taxes: roundCents(taxes),
		tips,
		total,
	};
}
