def mean(values):
    return sum(values) / len(values)


def spread(values):
    return max(values) - min(values)
